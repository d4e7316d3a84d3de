import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { withRetry } from '../../../lib/retry';
import { sleep } from '../../../lib/sleep';
import { DEMO_LIMITS } from '../texts';
import { BUSY_RETRY } from './score-demo';

/** The demo's call as use-score-task makes it: BUSY_RETRY, counting down on the screen. */
const retryWhenBusy = <T>(
  attempt: () => Promise<T>,
  options: { sleep?: (ms: number) => Promise<void>; onWait?: (s: number) => void; signal?: AbortSignal },
) =>
  withRetry(attempt, BUSY_RETRY, { sleep: options.sleep, countdown: options.onWait, signal: options.signal });

const busy = (seconds: number, status = 503) =>
  new ApiError(status, 'busy', undefined, undefined, seconds * 1000);

/** An attempt that fails with `failures` in order, then answers 'scored'. */
function attempts(...failures: Error[]) {
  const queue = [...failures];
  return vi.fn(async () => {
    const next = queue.shift();
    if (next) throw next;
    return 'scored';
  });
}

describe('the demo waits for a busy server (BUSY_RETRY)', () => {
  const noSleep = vi.fn(async (_ms: number) => undefined);
  const waited = () => noSleep.mock.calls.reduce((sum, [ms]) => sum + ms, 0);

  it('waits as long as Retry-After says, counting down, then tries again', async () => {
    noSleep.mockClear();
    const attempt = attempts(busy(3), busy(1, 429));
    const onWait = vi.fn();
    await expect(retryWhenBusy(attempt, { sleep: noSleep, onWait })).resolves.toBe('scored');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waited()).toBe(4000);
    expect(onWait.mock.calls.map(([s]) => s)).toEqual([3, 2, 1, 0, 1, 0]);
  });

  it(`gives up after ${DEMO_LIMITS.busyRetries} retries with the last failure`, async () => {
    noSleep.mockClear();
    const last = busy(1);
    const attempt = attempts(busy(1), busy(1), busy(1), last);
    await expect(retryWhenBusy(attempt, { sleep: noSleep })).rejects.toBe(last);
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  it(`never waits more than ${DEMO_LIMITS.busyRetryBudgetMs / 1000} s in all`, async () => {
    noSleep.mockClear();
    const attempt = attempts(busy(20), busy(20));
    await expect(retryWhenBusy(attempt, { sleep: noSleep })).rejects.toMatchObject({ status: 503 });
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(waited()).toBe(20_000);
    const tooLong = attempts(busy(31, 429));
    await expect(retryWhenBusy(tooLong, { sleep: noSleep })).rejects.toMatchObject({ status: 429 });
    expect(tooLong).toHaveBeenCalledTimes(1);
  });

  it('does not retry other failures, or a 503 without Retry-After', async () => {
    noSleep.mockClear();
    for (const failure of [
      new ApiError(503, 'busy'),
      new ApiError(500, 'failed', undefined, undefined, 1000),
      new ApiError(422, 'too short'),
      new TypeError('network'),
    ]) {
      const attempt = attempts(failure);
      await expect(retryWhenBusy(attempt, { sleep: noSleep })).rejects.toBe(failure);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
    expect(noSleep).not.toHaveBeenCalled();
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    const attempt = attempts(busy(10));
    const run = retryWhenBusy(attempt, { signal: controller.signal });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(attempt).toHaveBeenCalledTimes(1);
    await expect(sleep(10, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
