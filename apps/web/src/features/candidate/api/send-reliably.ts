import { ApiError } from '../../../lib/api-client';
import { sleep as abortableSleep, abortError } from '../../../lib/sleep';

/** Backoff of a failed send: 1 s, 2 s, 4 s … at most 15 s apart; a server's Retry-After wins. */
export const RETRY_POLICY = {
  firstDelayMs: 1000,
  maxDelayMs: 15_000,
  /** A Retry-After longer than this is shortened to it: the candidate's clock is running. */
  maxRetryAfterMs: 30_000,
  /** A 500 is most likely a bug, not a glitch: retried a few times, then shown. */
  serverErrorRetries: 3,
} as const;

/**
 * Failures worth sending again with the same idempotency key: the connection (status 0: offline or
 * timed out), a busy or restarting server (408, 429, 502–504). Retrying them never counts twice.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return [0, 408, 429, 502, 503, 504].includes(error.status);
}

/** How long to wait before attempt `retry` (0-based) after `error`. */
export function retryDelayMs(error: unknown, retry: number): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, RETRY_POLICY.maxRetryAfterMs);
  }
  return Math.min(RETRY_POLICY.firstDelayMs * 2 ** retry, RETRY_POLICY.maxDelayMs);
}

export interface SendReliablyOptions {
  /** Called before each wait with its length, so the screen can say it is retrying. */
  onRetry?: (delayMs: number, retry: number) => void;
  /** Stops retrying (the page was left). */
  signal?: AbortSignal;
  /** Injected by tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Runs `send` until it succeeds or fails for a reason retrying cannot fix. Transient failures are
 * retried for as long as the page lives (an answer is never given up on); a 500 a few times; anything
 * else (4xx) is thrown at once for the caller to handle.
 */
export async function sendReliably<T>(send: () => Promise<T>, options: SendReliablyOptions = {}): Promise<T> {
  const { onRetry, signal, sleep = abortableSleep } = options;
  let serverErrors = 0;
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) throw abortError();
    try {
      return await send();
    } catch (error) {
      const serverError = error instanceof ApiError && error.status === 500;
      if (serverError) serverErrors++;
      if (!isTransient(error) && !(serverError && serverErrors <= RETRY_POLICY.serverErrorRetries)) {
        throw error;
      }
      const delay = retryDelayMs(error, retry);
      onRetry?.(delay, retry);
      await sleep(delay, signal);
    }
  }
}
