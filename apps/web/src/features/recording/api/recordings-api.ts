import {
  type SessionProfile,
  sessionProfileSchema,
  sessionTexts,
  type UploadRecordingResponse,
  uploadRecordingResponseSchema,
} from '@agaton/contracts';
import { useQuery } from '@tanstack/react-query';
import { SUPPORT_EMAIL } from '../../../config/constants';
import { ApiError, api } from '../../../lib/api-client';
import type { UploadTimes } from '../utils/recording-time';

/** One upload of POST /api/sessions/recordings. */
export interface UploadRequest extends UploadTimes {
  blob: Blob;
  filename: string;
  /** The user's e-mail. */
  username: string;
}

/**
 * Time allowed for an upload: a minute, plus a second per 100 kB (about 0.8 Mbit/s), so a 90-minute
 * WAV on a slow line is not cut off by the client's usual 20 s.
 */
export const uploadTimeoutMs = (bytes: number) => 60_000 + Math.ceil(bytes / 100_000) * 1000;

/** Sends a recording (spec 1 §7 "Upload recording"); answers 202 with the session's id. */
export function uploadRecording(request: UploadRequest): Promise<UploadRecordingResponse> {
  const form = new FormData();
  form.append('username', request.username);
  form.append('startTime', request.startTime);
  form.append('endTime', request.endTime);
  form.append('sessionType', 'default');
  // Last, so the server has the fields before the audio streams in.
  form.append('files', request.blob, request.filename);
  return api.request('/sessions/recordings', {
    method: 'POST',
    body: form,
    auth: 'user',
    schema: uploadRecordingResponseSchema,
    timeoutMs: uploadTimeoutMs(request.blob.size),
  });
}

/**
 * What a failed upload tells the user: the server's own text for what the user can act on (no
 * minutes left, too large, wrong type), the spec's "couldn't process your file" for everything else.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return sessionTexts.record.processFailed(SUPPORT_EMAIL);
}

export const recordingKeys = {
  analysis: (meetingId: string) => ['recording', 'analysis', meetingId] as const,
  /** Recordings left in the browser, per user. */
  pending: ['recording', 'pending'] as const,
  pendingOf: (username: string) => ['recording', 'pending', username] as const,
};

/** Polls the session while it is analysed (every 2 s while queued or running). */
export function useSessionAnalysis(meetingId: string | null) {
  return useQuery<SessionProfile>({
    queryKey: recordingKeys.analysis(meetingId ?? ''),
    queryFn: () =>
      api.request(`/sessions/${encodeURIComponent(meetingId ?? '')}`, {
        auth: 'user',
        schema: sessionProfileSchema,
      }),
    enabled: meetingId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.analysis.status;
      if (status === 'done' || status === 'failed') return false;
      // A 4xx (gone, not yours) will not change by asking again; network trouble might.
      const error = query.state.error;
      return error instanceof ApiError && error.status >= 400 && error.status < 500 ? false : 2000;
    },
  });
}
