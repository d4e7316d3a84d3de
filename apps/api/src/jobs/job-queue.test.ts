import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@agaton/db';
import { createTestDatabase, type TestDatabase } from '@agaton/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type JobQueue, type QueueSpec, type StartJobQueueOptions, startJobQueue } from './job-queue.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'job-queue-child.fixture.ts');

/** Short delays so retries happen within seconds; heartbeats at pg-boss's minimum. */
const spec = (name: string, overrides: Partial<QueueSpec> = {}): QueueSpec => ({
  name,
  retryLimit: 3,
  retryDelaySeconds: 1,
  heartbeatSeconds: 10,
  expireInSeconds: 120,
  ...overrides,
});

const logged: { level: string; msg?: string; obj: object }[] = [];
const log = {
  info: (obj: object, msg?: string) => logged.push({ level: 'info', obj, msg }),
  warn: (obj: object, msg?: string) => logged.push({ level: 'warn', obj, msg }),
  error: (obj: object, msg?: string) => logged.push({ level: 'error', obj, msg }),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs: number,
  what: string,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

let database: TestDatabase;
const running: JobQueue[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((queue) => queue.stop({ graceMs: 1000 })));
  expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
  logged.length = 0;
});
afterAll(() => database?.close());

/** Each test its own pg-boss schema, so nothing it leaves behind reaches another. */
const newSchema = () => `jobs_${randomBytes(4).toString('hex')}`;

async function start(queues: QueueSpec[], options: Partial<StartJobQueueOptions> = {}) {
  const queue = await startJobQueue({
    db: database.db,
    log,
    queues,
    superviseIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
    ...options,
  });
  running.push(queue);
  return queue;
}

async function jobRow(schema: string, id: string) {
  const result = (await database.db.execute(
    sql.raw(`select state, retry_count as "retryCount" from "${schema}".job where id = '${id}'`),
  )) as unknown as { rows: { state: string; retryCount: number }[] };
  return result.rows[0];
}

describe(`job queue on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs a sent job once with its data', async () => {
    const schema = newSchema();
    const queue = await start([spec('round-trip')], { schema });
    const seen: { id: string; data: { sessionId: string }; retryCount: number }[] = [];
    await queue.work<{ sessionId: string }>('round-trip', { concurrency: 2 }, async (job) => {
      seen.push({ id: job.id, data: job.data, retryCount: job.retryCount });
    });
    const id = await queue.send('round-trip', { sessionId: 's-1' });
    expect(id).toEqual(expect.any(String));
    await waitFor(async () => (await jobRow(schema, id!))?.state === 'completed', 15_000, 'completion');
    expect(seen).toEqual([{ id, data: { sessionId: 's-1' }, retryCount: 0 }]);
    // An operator sees the attempt start and end, with what it was about, how long it took and how it went.
    const lines = logged.filter((entry) => entry.msg === 'job started' || entry.msg === 'job ended');
    expect(lines).toEqual([
      {
        level: 'info',
        msg: 'job started',
        obj: { queue: 'round-trip', jobId: id, attempt: 1, sessionId: 's-1' },
      },
      {
        level: 'info',
        msg: 'job ended',
        obj: {
          queue: 'round-trip',
          jobId: id,
          attempt: 1,
          sessionId: 's-1',
          ms: expect.any(Number),
          outcome: 'done',
        },
      },
    ]);
  });

  it('adds nothing for a singleton key that is already queued, and keyless jobs never collide', async () => {
    const schema = newSchema();
    const queue = await start([spec('dedupe')], { schema });
    const first = await queue.send('dedupe', { n: 1 }, { singletonKey: 'session-7' });
    expect(first).toEqual(expect.any(String));
    expect(await queue.send('dedupe', { n: 2 }, { singletonKey: 'session-7' })).toBeNull();
    expect(await queue.send('dedupe', { n: 3 }, { singletonKey: 'session-8' })).toEqual(expect.any(String));
    expect(await queue.send('dedupe', { n: 4 })).toEqual(expect.any(String));
    expect(await queue.send('dedupe', { n: 5 })).toEqual(expect.any(String));

    const done: number[] = [];
    await queue.work<{ n: number }>('dedupe', { concurrency: 4 }, async (job) => {
      done.push(job.data.n);
    });
    await waitFor(() => done.length === 4, 15_000, 'four jobs');
    expect(done.sort()).toEqual([1, 3, 4, 5]);
    // Once the first job has finished, its key is free again.
    await waitFor(async () => (await jobRow(schema, first!))?.state === 'completed', 5_000, 'completion');
    expect(await queue.send('dedupe', { n: 6 }, { singletonKey: 'session-7' })).toEqual(expect.any(String));
  });

  it('retries a throwing handler with backoff until it succeeds', async () => {
    const schema = newSchema();
    const failed: unknown[] = [];
    const queue = await start([spec('flaky')], { schema });
    const attempts: { retryCount: number; at: number }[] = [];
    await queue.work<{ n: number }>(
      'flaky',
      { concurrency: 1, onFailed: async (data) => void failed.push(data) },
      async (job) => {
        attempts.push({ retryCount: job.retryCount, at: Date.now() });
        if (attempts.length <= 2) throw new Error(`transient ${attempts.length}`);
      },
    );
    const id = await queue.send('flaky', { n: 1 });
    await waitFor(async () => (await jobRow(schema, id!))?.state === 'completed', 30_000, 'completion');
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    const ends = logged.filter((entry) => entry.msg === 'job ended').map((entry) => entry.obj);
    expect(ends).toMatchObject([
      { attempt: 1, outcome: 'error', err: { message: 'transient 1' } },
      { attempt: 2, outcome: 'error', err: { message: 'transient 2' } },
      { attempt: 3, outcome: 'done' },
    ]);
    // Backoff: the first retry waits 1–2 s, the second 2–4 s.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(1900);
    expect(failed).toEqual([]);
  }, 60_000);

  it('calls onFailed once with the last error when the retries run out', async () => {
    const schema = newSchema();
    const queue = await start([spec('doomed', { retryLimit: 1 })], { schema });
    const failures: { data: { n: number }; error: Error }[] = [];
    let attempts = 0;
    await queue.work<{ n: number }>(
      'doomed',
      { concurrency: 1, onFailed: async (data, error) => void failures.push({ data, error }) },
      async (job) => {
        attempts += 1;
        throw new Error(`broken recording (attempt ${job.retryCount})`);
      },
    );
    const id = await queue.send('doomed', { n: 42 });
    await waitFor(() => failures.length > 0, 30_000, 'onFailed');
    await sleep(2000);
    expect(attempts).toBe(2);
    expect(failures).toHaveLength(1);
    expect(failures[0].data).toEqual({ n: 42 });
    expect(failures[0].error).toBeInstanceOf(Error);
    expect(failures[0].error.message).toBe('broken recording (attempt 1)');
    expect((await jobRow(schema, id!))?.state).toBe('failed');
  }, 60_000);

  it('never gives a live job that outlasts its heartbeat window to a second worker', async () => {
    const schema = newSchema();
    const queues = [spec('long', { heartbeatSeconds: 10 })];
    const first = await start(queues, { schema });
    const second = await start(queues, { schema });
    const starts: string[] = [];
    const handler = (worker: string) => async () => {
      starts.push(worker);
      await sleep(13_000);
    };
    await first.work('long', { concurrency: 1 }, handler('first'));
    await second.work('long', { concurrency: 1 }, handler('second'));
    const id = await first.send('long', { minutes: 15 });
    await waitFor(async () => (await jobRow(schema, id!))?.state === 'completed', 40_000, 'completion');
    expect(starts).toHaveLength(1);
    expect((await jobRow(schema, id!))?.retryCount).toBe(0);
  }, 60_000);

  it('stop() lets a running handler finish within the grace period', async () => {
    const schema = newSchema();
    const queue = await start([spec('graceful')], { schema });
    let finished = false;
    let started = false;
    await queue.work('graceful', { concurrency: 1 }, async () => {
      started = true;
      await sleep(1500);
      finished = true;
    });
    const id = await queue.send('graceful', {});
    await waitFor(() => started, 15_000, 'start');
    await queue.stop({ graceMs: 10_000 });
    expect(finished).toBe(true);
    expect((await jobRow(schema, id!))?.state).toBe('completed');
  });

  it('hands the job of a SIGKILLed worker process to a new worker', async () => {
    const schema = newSchema();
    const queueSpec = spec('killed', { heartbeatSeconds: 10 });
    const pgliteDir = onPostgres ? undefined : mkdtempSync(join(tmpdir(), 'agaton-jobs-pglite-'));
    const child = spawnWorker({
      KILL_TEST_SCHEMA: schema,
      KILL_TEST_QUEUE: JSON.stringify(queueSpec),
      KILL_TEST_SEND: '1',
      ...(onPostgres ? { KILL_TEST_DATABASE_URL: database.url } : { KILL_TEST_PGLITE_DIR: pgliteDir }),
    });
    try {
      const { sent } = await child.next((m) => 'sent' in m);
      const { started, retryCount } = await child.next((m) => 'started' in m);
      expect([started, retryCount]).toEqual([sent, 0]);

      // PGlite belongs to one process: the new worker opens its data dir once the old one is gone,
      // as the api does after a crash. PostgreSQL: the new worker is already polling alongside.
      const takeovers: { id: string; retryCount: number; at: number }[] = [];
      const takeOver = async (queue: JobQueue) =>
        queue.work(queueSpec.name, { concurrency: 1 }, async (job) => {
          takeovers.push({ id: job.id, retryCount: job.retryCount, at: Date.now() });
        });
      if (onPostgres) {
        await takeOver(await start([queueSpec], { schema }));
        // Past the heartbeat window the killed-to-be worker still holds the job.
        await sleep(12_000);
        expect(takeovers).toEqual([]);
      }
      const killedAt = Date.now();
      await child.kill();
      if (!onPostgres) {
        const reopened = openDatabase({ pgliteDir });
        const queue = await start([queueSpec], { schema, db: reopened.db });
        running.splice(running.indexOf(queue), 1);
        await takeOver(queue);
        try {
          await waitFor(() => takeovers.length > 0, 60_000, 'takeover');
        } finally {
          await queue.stop({ graceMs: 1000 });
          await reopened.close();
        }
      }
      await waitFor(() => takeovers.length > 0, 60_000, 'takeover');
      expect(takeovers).toEqual([{ id: sent, retryCount: 1, at: expect.any(Number) }]);
      expect(takeovers[0].at).toBeGreaterThan(killedAt);
    } finally {
      await child.kill();
      if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The fixture worker as a child process; `next` waits for its next report that matches. */
function spawnWorker(env: Record<string, string | undefined>) {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: dirname(FIXTURE),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
  return {
    // biome-ignore lint/suspicious/noExplicitAny: the fixture's reports are loose JSON
    async next(match: (message: Record<string, any>) => boolean) {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error('worker process ended before reporting');
        const message = JSON.parse(value);
        if (match(message)) return message;
      }
    },
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}
