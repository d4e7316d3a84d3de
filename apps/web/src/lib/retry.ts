import { ApiError } from './api-client';
import { sleep as abortableSleep, abortError } from './sleep';

/**
 * The app's one retry policy for a request worth sending again (the demo's scoring when the server is
 * busy, the candidate's answers until they arrive). A caller states which failures are retried and
 * how long it waits; the loop, the server's Retry-After, the backoff and the abort are the same.
 */
export interface RetryPolicy {
  /** ApiError statuses worth another attempt (0: the connection failed, offline or timed out). */
  statuses: readonly number[];
  /** Statuses retried only this many times in all (a 500 is most likely a bug, not a glitch). */
  limited?: Readonly<Record<number, number>>;
  /** Retries after the first attempt; as many as it takes when absent. */
  maxRetries?: number;
  /** Longest wait over all retries; a wait that would pass it is not made (the failure is thrown). */
  maxTotalWaitMs?: number;
  /** A Retry-After longer than this is shortened to it. */
  maxRetryAfterMs?: number;
  /**
   * The wait when the server does not say (no Retry-After): `firstMs`, doubled each retry, at most
   * `maxMs`. Without it only a failure that says how long to wait is retried.
   */
  backoff?: { firstMs: number; maxMs: number };
}

/** The wait before retry `retry` (0-based) after `error`: the server's Retry-After, else the backoff. */
export function retryDelayMs(policy: RetryPolicy, error: ApiError, retry: number): number | null {
  if (error.retryAfterMs !== undefined)
    return Math.min(error.retryAfterMs, policy.maxRetryAfterMs ?? Infinity);
  if (!policy.backoff) return null;
  return Math.min(policy.backoff.firstMs * 2 ** retry, policy.backoff.maxMs);
}

export interface RetryOptions {
  /** Stops waiting and retrying when aborted (an AbortError is thrown). */
  signal?: AbortSignal;
  /** Called before each wait with its length and the retry it leads to (0-based). */
  onRetry?: (delayMs: number, retry: number) => void;
  /**
   * Called with the whole seconds left, once a second while waiting, and with 0 as the next attempt
   * starts, so the screen can count down.
   */
  countdown?: (secondsLeft: number) => void;
  /** Injected by tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Runs `attempt` until it succeeds or fails in a way `policy` does not retry, waiting between the
 * attempts; a failure not retried (or beyond the policy's bounds) is thrown as it came, for the
 * caller's usual failure text.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  options: RetryOptions = {},
): Promise<T> {
  const { signal, onRetry, countdown, sleep = abortableSleep } = options;
  const limitedFailures = new Map<number, number>();
  let waitedMs = 0;
  /** The wait before retry `retry` after `error`, or null to give up. */
  const nextDelayMs = (error: unknown, retry: number): number | null => {
    if (!(error instanceof ApiError)) return null;
    const limit = policy.limited?.[error.status];
    if (limit !== undefined) {
      const failures = (limitedFailures.get(error.status) ?? 0) + 1;
      limitedFailures.set(error.status, failures);
      if (failures > limit) return null;
    } else if (!policy.statuses.includes(error.status)) {
      return null;
    }
    if (policy.maxRetries !== undefined && retry >= policy.maxRetries) return null;
    const delay = retryDelayMs(policy, error, retry);
    if (delay === null || waitedMs + delay > (policy.maxTotalWaitMs ?? Infinity)) return null;
    return delay;
  };
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) throw abortError();
    try {
      return await attempt();
    } catch (error) {
      const delay = nextDelayMs(error, retry);
      if (delay === null) throw error;
      onRetry?.(delay, retry);
      if (countdown) {
        // Whole seconds first, so the screen's count is right at every step.
        for (let left = delay; left > 0; ) {
          countdown(Math.ceil(left / 1000));
          const step = left % 1000 || 1000;
          await sleep(step, signal);
          left -= step;
        }
      } else {
        await sleep(delay, signal);
      }
      if (signal?.aborted) throw abortError();
      waitedMs += delay;
      countdown?.(0);
    }
  }
}
