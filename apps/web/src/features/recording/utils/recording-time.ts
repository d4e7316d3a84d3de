import type { StoredRecording } from './recording-store';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'mm:ss' (minutes are not wrapped into hours: 90 minutes is '90:00'). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Time recorded between the start and `end`, leaving out the paused spans. */
export function activeMs(recording: Pick<StoredRecording, 'startedAt' | 'pauses'>, end: number): number {
  if (recording.startedAt === null) return 0;
  const start = recording.startedAt;
  let paused = 0;
  for (const span of recording.pauses) {
    const from = Math.max(span.from, start);
    const to = Math.min(span.to ?? end, end);
    if (to > from) paused += to - from;
  }
  return Math.max(0, end - start - paused);
}

/** Where a recording ends: when Stop was pressed or, after a crash, when its last chunk arrived. */
export function endOf(recording: StoredRecording): number | null {
  return recording.stoppedAt ?? recording.lastChunkAt;
}

/** Length of a stored recording's audio in ms (0 when it never started or has no audio). */
export function recordedMs(recording: StoredRecording): number {
  const end = endOf(recording);
  return end === null ? 0 : activeMs(recording, end);
}

/** The upload's startTime and endTime (ISO). */
export interface UploadTimes {
  startTime: string;
  endTime: string;
}

/**
 * startTime is when recording started; endTime is startTime plus the time actually recorded. The
 * server reads endTime − startTime as the recording's length (minutes charged, analysis bound), so
 * paused time is left out rather than reported as the wall-clock end.
 */
export function uploadTimesOf(recording: StoredRecording): UploadTimes | null {
  if (recording.startedAt === null) return null;
  const length = recordedMs(recording);
  return {
    startTime: new Date(recording.startedAt).toISOString(),
    endTime: new Date(recording.startedAt + length).toISOString(),
  };
}

/**
 * Times of an uploaded file: it ended when it was last modified (now when unknown) and lasted
 * `durationSeconds`.
 */
export function fileUploadTimes(file: File, durationSeconds: number, now = Date.now()): UploadTimes {
  const end = file.lastModified > 0 ? file.lastModified : now;
  return {
    startTime: new Date(end - Math.round(durationSeconds * 1000)).toISOString(),
    endTime: new Date(end).toISOString(),
  };
}

/**
 * The file's duration in seconds from an <audio> element's metadata, or null when the browser cannot
 * read it. Files from MediaRecorder report Infinity until the element seeks past their end.
 */
export function readAudioDuration(file: Blob, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value !== null && Number.isFinite(value) && value > 0 ? value : null);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      if (Number.isFinite(audio.duration)) return finish(audio.duration);
      audio.ondurationchange = () => {
        if (Number.isFinite(audio.duration)) finish(audio.duration);
      };
      audio.currentTime = Number.MAX_SAFE_INTEGER;
    };
    audio.onerror = () => finish(null);
    audio.src = url;
  });
}

/** The file's extension when it is one the upload accepts. */
export function acceptedExtension(name: string, extensions: readonly string[]): string | null {
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext && extensions.includes(ext) ? ext : null;
}

/** A filename for a recorded Blob, from its type (the server also looks at the extension). */
export function recordingFilename(mimeType: string): string {
  const ext = /webm/i.test(mimeType)
    ? 'webm'
    : /ogg/i.test(mimeType)
      ? 'ogg'
      : /mp4|aac|m4a/i.test(mimeType)
        ? 'm4a'
        : /wav/i.test(mimeType)
          ? 'wav'
          : 'webm';
  return `meeting.${ext}`;
}
