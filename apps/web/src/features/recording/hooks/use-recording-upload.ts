import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { recordingKeys, uploadErrorMessage, uploadRecording } from '../api/recordings-api';
import { uploadsInFlight } from '../utils/recording-lock';
import { type RecordingStore, recordingStore } from '../utils/recording-store';
import { recordingFilename, type UploadTimes, uploadTimesOf } from '../utils/recording-time';

/** What to upload: a recording kept in the store, or a file the user chose. */
export type UploadJob = { kind: 'stored'; id: string } | { kind: 'file'; file: File; times: UploadTimes };

/**
 * Uploads a recording (inactive → uploading → success or failed, spec 1 §4). A stored recording is
 * read from the store for every attempt, so Retry re-sends the saved copy, and it is deleted only
 * once the server accepted it. A success refreshes the user, whose minutes left changed.
 */
export function useRecordingUpload(options: { username: string; store?: () => Promise<RecordingStore> }) {
  const { username, store: getStore = recordingStore } = options;
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (job: UploadJob) => {
      if (job.kind === 'file') {
        return uploadRecording({ blob: job.file, filename: job.file.name, username, ...job.times });
      }
      uploadsInFlight.add(job.id);
      try {
        const store = await getStore();
        const loaded = await store.load(job.id);
        const times = loaded && uploadTimesOf(loaded.meta);
        if (!loaded || !times) throw new Error(`Recording ${job.id} is missing from the store`);
        const answer = await uploadRecording({
          blob: loaded.blob,
          filename: recordingFilename(loaded.meta.mimeType),
          username,
          ...times,
        });
        await store.remove(job.id);
        return answer;
      } finally {
        uploadsInFlight.delete(job.id);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordingKeys.pending }),
    onError: (error) => console.error('Recording upload failed', error),
  });
  return {
    status: mutation.status,
    meetingId: mutation.data?.meetingId ?? null,
    /** The upload in progress or last tried. */
    job: mutation.variables,
    error: mutation.error ? uploadErrorMessage(mutation.error) : null,
    /** 402: no minutes (or plan) left — the failure offers Upgrade. */
    paymentRequired: mutation.error instanceof ApiError && mutation.error.status === 402,
    upload: (job: UploadJob) => mutation.mutate(job),
    retry: () => {
      if (mutation.variables) mutation.mutate(mutation.variables);
    },
    reset: mutation.reset,
  };
}

export type RecordingUpload = ReturnType<typeof useRecordingUpload>;
