import { type JobQueue, startJobQueue } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../lib/context.ts';
import { createObjectStore, type ObjectStore } from '../../providers/storage/object-store.ts';
import { refreshCoachingReports } from '../coaching-reports/index.ts';
import { callFromSession, createQaJobs, type QaJobs, qaWorkers } from '../qa/index.ts';
import { type AfterAnalysis, type SessionsRuntime, sessionWorkers } from '../sessions/index.ts';

/**
 * The analysis pipeline, wired: the one object store and job queue that the sessions' and QA's jobs
 * share, their workers, and what follows a session's analysis (its coaching reports, then maybe a QA
 * call). Sessions declares what it needs (`AfterAnalysis`, `SessionsRuntime`); the features that
 * consume sessions supply it here, so sessions imports neither QA nor coaching reports. Imported only
 * by the app's entry points (app.ts, worker.ts); tests get it through the app.
 */
export interface Pipeline extends SessionsRuntime {
  /** Where QA work is sent: the QA routes and the demo seed are given it. */
  qaJobs: QaJobs;
  /** Takes the sessions' and then QA's jobs in this process (the api with ANALYSIS_IN_API, or a worker). */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

export function createPipeline(ctx: AppContext, options: { store?: ObjectStore } = {}): Pipeline {
  const store = options.store ?? createObjectStore(ctx.config);
  let queue: Promise<JobQueue> | null = null;
  // Started on first use (by then `workers` below is set), so test apps that never upload skip its set-up.
  const getQueue = () => {
    queue ??= startJobQueue({ db: ctx.db, log: ctx.log, queues: workers.flatMap((w) => w.queues) });
    return queue;
  };
  const jobs = createQaJobs(ctx, getQueue);
  const afterAnalysis: AfterAnalysis = {
    beforeDone: (session) => refreshCoachingReports(ctx, session),
    // A member's coach session becomes a QA call of their organisation (decision 022).
    afterDone: async ({ sessionId }) => {
      await callFromSession(ctx, sessionId, jobs).catch((error) =>
        ctx.log.error({ err: error, sessionId }, 'the session could not become a QA call'),
      );
    },
  };
  // In this order the queues are made, the workers start and their pools close.
  const workers = [sessionWorkers(ctx, store, afterAnalysis), qaWorkers(ctx, store)];
  return {
    store,
    queue: getQueue,
    qaJobs: jobs,
    async startWorkers() {
      const q = await getQueue();
      for (const w of workers) await w.start(q);
    },
    async close() {
      if (queue) await (await queue).stop({ graceMs: 5000 });
      for (const w of workers) await w.close();
    },
  };
}
