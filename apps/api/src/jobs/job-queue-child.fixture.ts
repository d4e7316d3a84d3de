/**
 * A worker process for job-queue.test.ts's kill test: opens the database named in its environment,
 * optionally sends one job, takes jobs and never finishes them, so the test can SIGKILL it mid-handler.
 * Reports on stdout, one JSON object a line.
 *
 * Env: KILL_TEST_DATABASE_URL (PostgreSQL) or KILL_TEST_PGLITE_DIR, KILL_TEST_SCHEMA, KILL_TEST_QUEUE (a
 * QueueSpec as JSON), KILL_TEST_SEND=1.
 */
import { openDatabase } from '@agaton/db';
import { type QueueSpec, startJobQueue } from './job-queue.ts';

const env = process.env;
const report = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
const quiet = { info() {}, warn() {}, error() {} };
const spec = JSON.parse(env.KILL_TEST_QUEUE ?? '') as QueueSpec;

const database = openDatabase({
  databaseUrl: env.KILL_TEST_DATABASE_URL,
  pgliteDir: env.KILL_TEST_PGLITE_DIR,
});
const queue = await startJobQueue({
  db: database.db,
  log: quiet,
  queues: [spec],
  schema: env.KILL_TEST_SCHEMA,
  superviseIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
});
if (env.KILL_TEST_SEND === '1') {
  report({ sent: await queue.send(spec.name, { recording: 'long-meeting' }) });
}
await queue.work<{ recording: string }>(spec.name, { concurrency: 1 }, async (job) => {
  report({ started: job.id, retryCount: job.retryCount, pid: process.pid });
  // Runs until killed; the queue keeps its heartbeat going meanwhile.
  await new Promise(() => {});
});
report({ working: true });
