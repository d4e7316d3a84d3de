import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisError, AnalysisTimeoutError, PoolBusyError } from './analysis-errors.ts';
import { AnalysisPool } from './analysis-pool.ts';

const workerEntry = new URL('./stand-in-worker.fixture.ts', import.meta.url);
const job = (referenceText = 'ok', topic = '50') => ({
  kind: 'reading' as const,
  audio: new Uint8Array(16),
  referenceText,
  topic,
  timeoutMs: 5000,
});

describe('analysis pool', () => {
  let pool: AnalysisPool;
  afterEach(() => pool.close());

  it('runs jobs in workers and returns their answers', async () => {
    pool = new AnalysisPool({ size: 2, workerEntry });
    const results = await Promise.all([job(), job(), job()].map((j) => pool.run(j)));
    expect(results.map((r) => r.response)).toEqual([{ bytes: 16 }, { bytes: 16 }, { bytes: 16 }]);
    expect(pool.snapshot()).toMatchObject({ completed: 3, failed: 0, running: 0, queued: 0 });
  });

  it('refuses work beyond the queue bound with a Retry-After estimate, and loses nothing it accepted', async () => {
    pool = new AnalysisPool({ size: 1, maxQueue: 2, workerEntry });
    const accepted = [pool.run(job('ok', '150')), pool.run(job('ok', '150')), pool.run(job('ok', '150'))];
    await expect(pool.run(job())).rejects.toBeInstanceOf(PoolBusyError);
    await expect(pool.run(job())).rejects.toMatchObject({ retryAfterSec: expect.any(Number) });
    expect(await Promise.all(accepted)).toHaveLength(3);
  });

  it('passes the engine refusal code through', async () => {
    pool = new AnalysisPool({ size: 1, workerEntry });
    const error = await pool.run(job('refuse')).catch((e) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect(error.code).toBe('CORRUPT');
  });

  it('fails a crashed job and keeps serving with a new worker', async () => {
    pool = new AnalysisPool({ size: 1, workerEntry });
    await expect(pool.run(job('crash'))).rejects.toThrow(/exited/);
    expect((await pool.run(job())).response).toEqual({ bytes: 16 });
  });

  it('answers a late job with a timeout and lets the worker finish it without a restart', async () => {
    pool = new AnalysisPool({ size: 1, workerEntry });
    await expect(pool.run({ ...job('ok', '600'), timeoutMs: 200 })).rejects.toBeInstanceOf(
      AnalysisTimeoutError,
    );
    // Queued behind the late job, this one runs once the worker is free.
    expect((await pool.run(job())).response).toEqual({ bytes: 16 });
    expect(pool.snapshot()).toMatchObject({ failed: 1, completed: 1 });
  });
});

describe('analysis pool admission', () => {
  it('refuses at once a job that could not finish before its deadline, with a Retry-After estimate', async () => {
    const pool = new AnalysisPool({ size: 1, maxQueue: 10, workerEntry });
    try {
      await pool.run(job('ok', '300')); // teaches the pool that a job takes about 300 ms
      const running = pool.run({ ...job('ok', '300'), timeoutMs: 5000 });
      const queued = pool.run({ ...job('ok', '300'), timeoutMs: 5000 });
      const refused = await pool.run({ ...job('ok', '300'), timeoutMs: 500 }).catch((e) => e);
      expect(refused).toBeInstanceOf(PoolBusyError);
      expect(refused.retryAfterSec).toBeGreaterThanOrEqual(1);
      await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
    } finally {
      await pool.close();
    }
  });
});
