import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from '../config/env.ts';
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

  it("runs a background pool's workers and their recognisers at a lower priority, and only them", async () => {
    const before = getPriority(0);
    pool = new AnalysisPool({ size: 1, workerEntry, niceness: BACKGROUND_NICENESS });
    // A niced worker starting up behind the test files running beside it can take long on a busy
    // machine (it passed 5 s in a fresh-clone CI run): this test is about priority, not speed.
    const background = await pool.run({ ...job('priority'), timeoutMs: 90_000 });
    const expected = Math.min(19, before + BACKGROUND_NICENESS);
    expect(background.response).toEqual({ thread: expected, child: expected });
    expect(getPriority(0)).toBe(before);
    const interactive = new AnalysisPool({ size: 1, workerEntry });
    try {
      expect((await interactive.run(job('priority'))).response).toEqual({ thread: before, child: before });
    } finally {
      await interactive.close();
    }
  }, 120_000);

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

  it('answers a late job with a timeout, replaces its busy worker at once, and the next job succeeds', async () => {
    pool = new AnalysisPool({ size: 1, workerEntry });
    await expect(pool.run({ ...job('spin'), timeoutMs: 300 })).rejects.toBeInstanceOf(AnalysisTimeoutError);
    // The spinning thread would never finish; its replacement serves the next job.
    expect((await pool.run(job())).response).toEqual({ bytes: 16 });
    expect(pool.snapshot()).toMatchObject({ failed: 1, completed: 1, running: 0 });
  });

  it('kills the child processes of a worker it terminates', async () => {
    pool = new AnalysisPool({ size: 1, workerEntry });
    await expect(pool.run({ ...job('child'), timeoutMs: 800 })).rejects.toBeInstanceOf(AnalysisTimeoutError);
    await pool.run(job()); // the replacement is up: the old worker's children were dealt with
    await expect.poll(() => liveChildren('sleep'), { timeout: 3000 }).toEqual([]);
  });

  it('kills the child of a worker that never yields again after starting it', async () => {
    pool = new AnalysisPool({ size: 1, workerEntry });
    await expect(pool.run({ ...job('child-spin'), timeoutMs: 800 })).rejects.toBeInstanceOf(
      AnalysisTimeoutError,
    );
    await pool.run(job());
    await expect.poll(() => liveChildren('sleep'), { timeout: 3000 }).toEqual([]);
  });

  it('stops a worker that outgrows its heap limit, refuses the job as CORRUPT, and serves the next', async () => {
    pool = new AnalysisPool({ size: 1, workerEntry, memoryMb: 48 });
    const error = await pool.run(job('grow')).catch((e) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect(error.code).toBe('CORRUPT');
    expect((await pool.run(job())).response).toEqual({ bytes: 16 });
  }, 30_000);
});

/** This process's children running `command`, not counting exited ones awaiting their reaping. */
function liveChildren(command: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid …
    const [, comm, state, ppid] = stat.match(/^\d+ \((.*)\) (\S) (\d+)/) ?? [];
    if (comm === command && state !== 'Z' && Number(ppid) === process.pid) pids.push(Number(pid));
  }
  return pids;
}

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
