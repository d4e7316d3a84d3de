import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { type RetryPolicy, retryDelayMs, withRetry } from './retry';

const failing = (status: number, retryAfterMs?: number) =>
  new ApiError(status, 'failed', undefined, undefined, retryAfterMs);

/** An attempt that fails with `failures` in order, then answers 'done'. */
function attempts(...failures: Error[]) {
  const queue = [...failures];
  return vi.fn(async () => {
    const next = queue.shift();
    if (next) throw next;
    return 'done';
  });
}

/** A sleep that records the waits instead of waiting. */
function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('withRetry', () => {
  const backoff: RetryPolicy = { statuses: [0, 503], backoff: { firstMs: 100, maxMs: 300 } };

  it('backs off by doubling up to the most, and a Retry-After wins (capped when the policy caps it)', async () => {
    const { waits, sleep } = recorder();
    const attempt = attempts(failing(0), failing(0), failing(0), failing(503, 5000), failing(0));
    const onRetry = vi.fn();
    await expect(withRetry(attempt, { ...backoff, maxRetryAfterMs: 1000 }, { sleep, onRetry })).resolves.toBe(
      'done',
    );
    expect(waits).toEqual([100, 200, 300, 1000, 300]);
    expect(onRetry.mock.calls).toEqual([
      [100, 0],
      [200, 1],
      [300, 2],
      [1000, 3],
      [300, 4],
    ]);
  });

  it('throws at once what the policy does not retry: other statuses, other errors', async () => {
    for (const failure of [failing(400), failing(500, 1000), new TypeError('x')]) {
      const attempt = attempts(failure);
      await expect(withRetry(attempt, backoff, { sleep: recorder().sleep })).rejects.toBe(failure);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
  });

  it('retries a limited status only so many times in all, whatever came between', async () => {
    const policy = { ...backoff, limited: { 500: 2 } };
    const last = failing(500);
    const attempt = attempts(failing(500), failing(0), failing(500), last);
    await expect(withRetry(attempt, policy, { sleep: recorder().sleep })).rejects.toBe(last);
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  it('without a backoff, retries only a failure that says how long, within the retries and the budget', async () => {
    const policy: RetryPolicy = { statuses: [503], maxRetries: 2, maxTotalWaitMs: 5000 };
    const noWait = failing(503);
    await expect(withRetry(attempts(noWait), policy, { sleep: recorder().sleep })).rejects.toBe(noWait);
    const third = failing(503, 1000);
    const many = attempts(failing(503, 1000), failing(503, 1000), third);
    await expect(withRetry(many, policy, { sleep: recorder().sleep })).rejects.toBe(third);
    expect(many).toHaveBeenCalledTimes(3);
    const { waits, sleep } = recorder();
    const overBudget = failing(503, 3000);
    const long = attempts(failing(503, 3000), overBudget);
    await expect(withRetry(long, policy, { sleep })).rejects.toBe(overBudget);
    expect(waits).toEqual([3000]);
    expect(retryDelayMs(policy, failing(503), 0)).toBeNull();
  });

  it('counts down in whole seconds, then 0 as the next attempt starts', async () => {
    const { waits, sleep } = recorder();
    const countdown = vi.fn();
    await withRetry(attempts(failing(503, 2500)), backoff, { sleep, countdown });
    expect(countdown.mock.calls.map(([s]) => s)).toEqual([3, 2, 1, 0]);
    expect(waits).toEqual([500, 1000, 1000]);
  });

  it('stops when aborted: before an attempt and while waiting', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const attempt = attempts();
    await expect(withRetry(attempt, backoff, { signal: aborted.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(attempt).not.toHaveBeenCalled();
    const controller = new AbortController();
    const waiting = attempts(failing(503, 10_000));
    const run = withRetry(waiting, backoff, { signal: controller.signal });
    await vi.waitFor(() => expect(waiting).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(waiting).toHaveBeenCalledTimes(1);
  });
});
