import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { Recording } from '../../../lib/recorder/use-recorder';
import { withRetry } from '../../../lib/retry';
import { worthSendingAgain } from '../../../lib/send-again';
import { BUSY_RETRY } from '../api/score-demo';
import type { PhraseScoreResponse } from '../api/score-types';
import { DEMO_INVENTED_TEXTS, DEMO_LIMITS, DEMO_TEXTS } from '../texts';
import { type ScoreView, toScoreView } from '../utils/score-view';

/**
 * The server's reason when it could not use the recording itself (422: no speech heard, too short,
 * not decodable), with what to do about it; null for any other failure, which shows the spec's text
 * (the demo's own recorder never sends a recording too long or in a format the server refuses).
 */
function refusalOf(cause: unknown): string | null {
  if (!(cause instanceof ApiError) || cause.status !== 422) return null;
  return `${cause.message} ${DEMO_INVENTED_TEXTS.recordAgain}`;
}

/**
 * Task states (spec 3 section 4): idle (record button) → uploading (loader) → scored. Recording is the
 * recorder's own state. A failure returns to idle with the task kind's text (or, when the server
 * refused the recording itself, its reason and what to do); a busy server (429/503
 * with Retry-After) keeps the task uploading while it waits and retries (`retryInSeconds`). A failure
 * the same recording may pass on a second try (timeout, connection, busy or server error) keeps the
 * recording in memory: `retry` sends it again, and recording a new answer replaces it.
 */
export type TaskStatus = 'idle' | 'uploading' | 'scored';

export interface UseScoreTaskOptions<R extends PhraseScoreResponse> {
  kind: 'reading' | 'free-speech';
  score: (audio: Blob) => Promise<R>;
  /** Called with each successful score, e.g. to keep the best score. */
  onScored?: (view: ScoreView, response: R) => void;
}

export interface ScoreTaskState<R> {
  status: TaskStatus;
  view: ScoreView | null;
  response: R | null;
  error: string | null;
  /** Informational message (the too-short text). */
  info: string | null;
  /** While uploading: seconds until a busy server is asked again; null while a request is running. */
  retryInSeconds: number | null;
  /** After a failure: the recording is kept and `retry` sends it again. */
  canRetry: boolean;
}

const IDLE = {
  status: 'idle',
  view: null,
  response: null,
  error: null,
  info: null,
  retryInSeconds: null,
  canRetry: false,
} as const;

export function useScoreTask<R extends PhraseScoreResponse>({
  kind,
  score,
  onScored,
}: UseScoreTaskOptions<R>) {
  const [state, setState] = useState<ScoreTaskState<R>>(IDLE);
  // A late answer for an earlier take must not overwrite a newer one.
  const attempt = useRef(0);
  // Ends the wait for a busy server when a newer take, repeat or unmount makes it pointless.
  const waiting = useRef<AbortController | null>(null);
  useEffect(() => () => waiting.current?.abort(), []);
  // The take whose scoring failed, kept for `retry` (the Blob stays in memory; nothing is recorded again).
  const kept = useRef<Recording | null>(null);

  const submit = useCallback(
    async (recording: Recording) => {
      const id = ++attempt.current;
      waiting.current?.abort();
      const controller = new AbortController();
      waiting.current = controller;
      // A new recording clears the previous result, and replaces a kept one.
      kept.current = null;
      if (kind === 'reading' && recording.durationMs < DEMO_LIMITS.minReadingMs) {
        setState({ ...IDLE, info: DEMO_TEXTS.tooShort });
        return;
      }
      setState({ ...IDLE, status: 'uploading' });
      try {
        const response = await withRetry(() => score(recording.blob), BUSY_RETRY, {
          signal: controller.signal,
          countdown: (seconds) => {
            if (id !== attempt.current) return;
            setState({ ...IDLE, status: 'uploading', retryInSeconds: seconds > 0 ? seconds : null });
          },
        });
        if (id !== attempt.current) return;
        const view = toScoreView(response);
        setState({ ...IDLE, status: 'scored', view, response });
        onScored?.(view, response);
      } catch (cause) {
        if (id !== attempt.current) return;
        console.error('Scoring failed', cause);
        const canRetry = worthSendingAgain(cause);
        kept.current = canRetry ? recording : null;
        setState({
          ...IDLE,
          error:
            refusalOf(cause) ?? (kind === 'reading' ? DEMO_TEXTS.readingFailed : DEMO_TEXTS.freeSpeechFailed),
          canRetry,
        });
      }
    },
    [kind, score, onScored],
  );

  /** Try again: sends the kept recording of the failed take once more. */
  const retry = useCallback(() => {
    if (kept.current) void submit(kept.current);
  }, [submit]);

  /** Repeat: clears the result and returns to the record button. */
  const reset = useCallback(() => {
    attempt.current++;
    waiting.current?.abort();
    kept.current = null;
    setState(IDLE);
  }, []);

  return { ...state, submit, retry, reset };
}
