import { useCallback, useEffect, useRef, useState } from 'react';
import { startLevelMeter } from './level-meter';
import { preferredMimeType, recorderSupportError } from './recorder-support';
import { RECORDER_TEXTS } from './recorder-texts';

export interface Recording {
  blob: Blob;
  /** Time between the recorder starting and the stop request. */
  durationMs: number;
  mimeType: string;
}

export type RecorderStatus = 'idle' | 'starting' | 'recording';

export interface UseRecorderOptions {
  /** Called once per recording, when it stops. */
  onRecording: (recording: Recording) => void;
  /** Stops by itself after this long (spec: recording max 30 s where applied). */
  maxDurationMs?: number;
  disabled?: boolean;
}

export interface RecorderApi {
  status: RecorderStatus;
  /** A spec text explaining why recording cannot work, or null. */
  error: string | null;
  /** Input level 0–1 while recording, for the meter. */
  level: number;
  start: () => void;
  stop: () => void;
}

/**
 * Press-and-hold microphone recorder (spec 3 section 4 "Recorder"). One microphone stream is kept for
 * the component's life so a second take starts at once; each take is its own MediaRecorder file.
 */
export function useRecorder({
  onRecording,
  maxDurationMs = 30_000,
  disabled,
}: UseRecorderOptions): RecorderApi {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [error, setError] = useState<string | null>(() =>
    typeof window === 'undefined' ? null : recorderSupportError(),
  );
  const [level, setLevel] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const wantStop = useRef(false);
  const startedAt = useRef(0);
  const stoppedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const meter = useRef<(() => void) | null>(null);
  const deliver = useRef(onRecording);
  deliver.current = onRecording;

  const stopMeter = useCallback(() => {
    if (!meter.current) return;
    meter.current();
    meter.current = null;
    setLevel(0);
  }, []);

  const startMeter = useCallback((media: MediaStream) => {
    meter.current = startLevelMeter(media, setLevel);
  }, []);

  const stop = useCallback(() => {
    wantStop.current = true;
    clearTimeout(timer.current);
    const active = recorder.current;
    if (active && active.state !== 'inactive') {
      stoppedAt.current = performance.now();
      active.stop();
    }
  }, []);

  const fail = useCallback((cause: unknown) => {
    // The spec asks for the failure to be logged as well as shown.
    console.error('Recorder failed', cause);
    setError(RECORDER_TEXTS.micProblem);
    setStatus('idle');
  }, []);

  const start = useCallback(async () => {
    if (disabled || error || status !== 'idle') return;
    wantStop.current = false;
    setStatus('starting');
    try {
      if (typeof MediaRecorder === 'undefined') throw new Error('MediaRecorder is missing');
      stream.current ??= await navigator.mediaDevices.getUserMedia({ audio: true });
      if (wantStop.current) {
        // Released before the microphone opened: nothing was recorded.
        setStatus('idle');
        return;
      }
      const mimeType = preferredMimeType();
      const rec = new MediaRecorder(stream.current, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      rec.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      rec.onstop = () => {
        recorder.current = null;
        stopMeter();
        setStatus('idle');
        const type = rec.mimeType || mimeType || 'audio/webm';
        const durationMs = Math.max(0, (stoppedAt.current || performance.now()) - startedAt.current);
        deliver.current({ blob: new Blob(chunks, { type }), durationMs, mimeType: type });
      };
      recorder.current = rec;
      startedAt.current = performance.now();
      stoppedAt.current = 0;
      rec.start();
      setStatus('recording');
      startMeter(stream.current);
      timer.current = setTimeout(stop, maxDurationMs);
    } catch (cause) {
      fail(cause);
    }
  }, [disabled, error, status, maxDurationMs, stop, fail, startMeter, stopMeter]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      stopMeter();
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [stopMeter],
  );

  return { status, error, level, start: () => void start(), stop };
}
