import { randomUUID } from 'node:crypto';
import type { Database } from '@agaton/db';
import { type Db, fromPglite, type JobWithMetadata, type PGliteLike, PgBoss } from 'pg-boss';

/** Adds nothing when a job with the same key is queued, waiting for a retry, or running. */
export interface SendOptions {
  singletonKey?: string;
}

export interface QueueJob<T> {
  id: string;
  data: T;
  /** 0 on the first attempt; one more for every retry, including after a worker died. */
  retryCount: number;
  /**
   * Aborted when this attempt no longer holds the job (it ran past `expireInSeconds`, or stop() ran
   * out of grace): another worker may take the job, so the handler should stop.
   */
  signal: AbortSignal;
}

export interface WorkOptions<T> {
  /** Jobs of this queue this process runs at once. */
  concurrency: number;
  /**
   * Called once when the job has failed for good (handler threw on the last attempt, or its worker
   * died or timed out on the last attempt), with the last error. A throw here is retried a few times.
   */
  onFailed?: (data: T, error: Error) => Promise<void>;
}

/** Durable jobs in the database (pg-boss): on PostgreSQL, or on embedded PGlite in this process. */
export interface JobQueue {
  /** Adds a job; with `singletonKey`, a second send of the same key while one is queued/active adds nothing (returns null). */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Takes jobs of `queue` with at most `concurrency` at once in this process. The handler's throw =
   * retry with backoff; after the retry limit the job is failed and `onFailed` (if given) is called
   * once with the last error.
   */
  work<T extends object>(
    queue: string,
    options: WorkOptions<T>,
    handler: (job: QueueJob<T>) => Promise<void>,
  ): Promise<void>;
  /**
   * Stops taking jobs, waits for running handlers up to `graceMs` (default 30 s), then stops. A job
   * still running then is failed (so retried) and its signal aborted.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

export interface QueueSpec {
  name: string;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** First retry delay; each later retry waits about twice as long (with jitter). */
  retryDelaySeconds: number;
  /** a worker that dies is noticed after this long without a heartbeat (≥ 10) */
  heartbeatSeconds: number;
  /** Longest one attempt may run, however alive its worker: then it is failed and retried. */
  expireInSeconds: number;
}

/**
 * One feature's jobs on the app's shared queue: the queues they need (the queue starts with every
 * feature's) and their workers in this process.
 */
export interface JobWorkers {
  queues: QueueSpec[];
  /** Takes the feature's jobs in this process, and queues again what a stopped process left unfinished. */
  start(queue: JobQueue): Promise<void>;
  /** Frees what the workers hold (their thread pools); after the queue stopped. */
  close(): Promise<void>;
}

/** Enough of pino (FastifyBaseLogger) for the queue's own events. */
export interface QueueLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface StartJobQueueOptions {
  db: Database;
  log: QueueLogger;
  queues: QueueSpec[];
  /** PostgreSQL schema of pg-boss's tables (tests give each run its own). Default `pgboss`. */
  schema?: string;
  /**
   * Seconds between supervisor passes: a pass fails (so retries) jobs whose heartbeat stopped or whose
   * time ran out, and moves failed jobs to the failure queue. Default 10; tests use 1.
   */
  superviseIntervalSeconds?: number;
  /** How often an idle worker looks for jobs, in seconds (≥ 0.5). Default 2. */
  pollingIntervalSeconds?: number;
}

/** The queue where pg-boss puts a job that failed for good, for `onFailed`. */
export function failedQueueName(queue: string) {
  return `${queue}.failed`;
}

/** Retries of an `onFailed` call that threw (e.g. the database blinked). */
const FAILED_QUEUE_SPEC = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 };

interface PgPoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
  options: { max?: number };
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * pg-boss on the database the app already has open, one path for both drivers: its `db` adapter.
 *
 * PGlite: pg-boss's own `fromPglite` adapter, which does what ours would (`exec` for parameterless,
 * possibly multi-statement text, flattening every statement's rows; `query` otherwise) and also rolls
 * back a transaction a failed statement left open on the single connection.
 *
 * PostgreSQL: the app's node-postgres pool rather than a second pool pg-boss would open from the URL,
 * so DB_POOL_SIZE bounds all connections. Parameterless text goes over the simple protocol, where a
 * multi-statement query (pg-boss's `BEGIN; … RETURNING …; COMMIT`) runs on one connection and returns
 * one result per statement, flattened here as pg-boss does; a failed query's connection is discarded by
 * the pool, so an aborted transaction never reaches the next caller. What this gives up: LISTEN/NOTIFY
 * (workers poll instead) and pg-boss-owned transactions (`transactional` workers), neither used here.
 */
function databaseAdapter(db: Database): { adapter: Db; backend: 'postgres' | 'pglite' } {
  const client = (db as unknown as { $client: unknown }).$client as PgPoolLike | PGliteLike;
  if ('totalCount' in client) {
    const pool = client;
    return {
      backend: 'postgres',
      adapter: {
        async executeSql(text, values) {
          const result = await pool.query(text, values);
          return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows) } : result;
        },
        poolCounts: () => ({
          max: pool.options.max ?? 10,
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
        }),
      },
    };
  }
  return { backend: 'pglite', adapter: fromPglite(client) };
}

/** pg-boss stores a failure as a serialized error, or `{ value: … }` for its own timeouts. */
function toError(output: unknown): Error {
  const stored = (output as { value?: unknown } | null)?.value ?? output;
  if (typeof stored === 'string') return new Error(stored);
  if (stored && typeof stored === 'object' && 'message' in stored) {
    const { message, name, stack, ...rest } = stored as { message: string; name?: string; stack?: string };
    return Object.assign(new Error(String(message)), rest, { name: name ?? 'Error', stack: stack ?? '' });
  }
  return new Error('job failed');
}

/** The ids a job is about (`sessionId`, `callId`, …), for its log lines; nothing else of its data. */
function jobSubject(data: unknown): Record<string, string> {
  if (!data || typeof data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(data).filter(
      (entry): entry is [string, string] => /Id$/.test(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

/** Creates the queue and its failure queue, or brings an existing one's settings up to date. */
async function declareQueue(boss: PgBoss, spec: QueueSpec) {
  const failed = failedQueueName(spec.name);
  await boss.createQueue(failed, FAILED_QUEUE_SPEC);
  const settings = {
    retryLimit: spec.retryLimit,
    retryDelay: spec.retryDelaySeconds,
    retryBackoff: true,
    heartbeatSeconds: spec.heartbeatSeconds,
    expireInSeconds: spec.expireInSeconds,
    deadLetter: failed,
  };
  // Exclusive: one job per singleton key while it is queued, waiting for a retry, or running.
  await boss.createQueue(spec.name, { ...settings, policy: 'exclusive' });
  // createQueue leaves an existing queue as it was; this applies changed settings.
  await boss.updateQueue(spec.name, settings);
}

/**
 * Starts pg-boss on `db` (installing or migrating its schema) and creates or updates each queue.
 * Queues use the `exclusive` policy: one job per singleton key while queued, retrying or active.
 */
export async function startJobQueue(options: StartJobQueueOptions): Promise<JobQueue> {
  const { db, log, queues } = options;
  const { adapter, backend } = databaseAdapter(db);
  const supervise = options.superviseIntervalSeconds ?? 10;
  const polling = options.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss({
    db: adapter,
    backend,
    schema: options.schema ?? 'pgboss',
    // Both intervals together decide how soon a dead worker's job is retried (heartbeat + one pass).
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    // PGlite has no autovacuum, which this check would report on every pass.
    monitorVacuum: backend === 'postgres',
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning: warning.data }, `job queue: ${warning.message}`));
  await boss.start();

  try {
    for (const spec of queues) await declareQueue(boss, spec);
  } catch (error) {
    // Its timers would otherwise keep running (and the process alive) with nobody to stop them.
    await boss.stop({ graceful: false, close: false });
    throw error;
  }

  let stopping: Promise<void> | null = null;
  return {
    async send(queue, data, sendOptions = {}) {
      // An exclusive queue treats every job without a key as the same key, so each gets its own.
      const id = randomUUID();
      return boss.send(queue, data, { id, singletonKey: sendOptions.singletonKey ?? `job:${id}` });
    },

    async work<T extends object>(
      queue: string,
      workOptions: WorkOptions<T>,
      handler: (job: QueueJob<T>) => Promise<void>,
    ) {
      await boss.work<T>(
        queue,
        { localConcurrency: workOptions.concurrency, batchSize: 1, pollingIntervalSeconds: polling },
        async ([job]) => {
          // One line when an attempt starts and one when it ends (duration, outcome) for every analysis.
          const fields = { queue, jobId: job.id, attempt: job.retryCount + 1, ...jobSubject(job.data) };
          const started = performance.now();
          const ms = () => Math.round(performance.now() - started);
          log.info(fields, 'job started');
          try {
            await handler({ id: job.id, data: job.data, retryCount: job.retryCount, signal: job.signal });
          } catch (error) {
            log.warn({ ...fields, ms: ms(), outcome: 'error', err: error }, 'job ended');
            throw error;
          }
          log.info({ ...fields, ms: ms(), outcome: 'done' }, 'job ended');
        },
      );
      // Every process that works a queue also works its failure queue, so a job that failed for good
      // is reported even when the worker that held it last is gone.
      await boss.work(
        failedQueueName(queue),
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: polling },
        async ([job]: JobWithMetadata<T>[]) => {
          const error = toError(job.sourceOutput);
          if (workOptions.onFailed) {
            await workOptions.onFailed(job.data, error);
          } else {
            log.error({ err: error, queue, jobId: job.sourceId }, 'job failed after its retries');
          }
        },
      );
    },

    stop({ graceMs = 30_000 } = {}) {
      stopping ??= boss.stop({ graceful: graceMs > 0, timeout: graceMs, close: false });
      return stopping;
    },
  };
}
