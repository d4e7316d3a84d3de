import { ApiError } from '../../../lib/api-client';
import { abortError, sleep } from '../../../lib/sleep';
import { DEMO_LIMITS } from '../texts';

export interface RetryWhenBusyOptions {
  /**
   * Called with the whole seconds left before the next attempt, once a second while waiting, and with
   * 0 when the attempt starts.
   */
  onWait?: (secondsLeft: number) => void;
  /** Stops waiting (and retrying) when aborted, e.g. when the user records again. */
  signal?: AbortSignal;
  /** Retries after the first attempt; default 3. */
  maxRetries?: number;
  /** Longest total wait over all retries; a Retry-After that would exceed it is not waited for. */
  maxTotalWaitMs?: number;
  /** Injected by tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** How long a failure asks us to wait before retrying: only 429 and 503 that carry Retry-After. */
export function busyDelayMs(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status !== 429 && error.status !== 503) return null;
  return error.retryAfterMs ?? null;
}

/**
 * Runs `attempt`; when the server is busy (429/503 with Retry-After) waits as long as it asks and tries
 * again, at most `maxRetries` times and `maxTotalWaitMs` of waiting in all. Any other failure, or one
 * beyond those bounds, is thrown as it came, so the caller shows its usual failure text.
 */
export async function retryWhenBusy<T>(
  attempt: () => Promise<T>,
  options: RetryWhenBusyOptions = {},
): Promise<T> {
  const {
    onWait,
    signal,
    maxRetries = DEMO_LIMITS.busyRetries,
    maxTotalWaitMs = DEMO_LIMITS.busyRetryBudgetMs,
    sleep: wait = sleep,
  } = options;
  let waitedMs = 0;
  for (let retries = 0; ; retries++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = busyDelayMs(error);
      if (delay === null || retries >= maxRetries || waitedMs + delay > maxTotalWaitMs) throw error;
      // Count down in whole seconds so the screen can say how long is left.
      for (let left = delay; left > 0; ) {
        onWait?.(Math.ceil(left / 1000));
        const step = left % 1000 || 1000;
        await wait(step, signal);
        left -= step;
      }
      if (signal?.aborted) throw abortError();
      waitedMs += delay;
      onWait?.(0);
    }
  }
}
