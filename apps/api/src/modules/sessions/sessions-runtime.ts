import type { JobQueue } from '../../jobs/job-queue.ts';
import { startJobQueue } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../lib/context.ts';
import { createObjectStore, type ObjectStore } from '../../providers/storage/object-store.ts';
import { createQaAnalyser, type QaAnalyser, startQaWorkers } from '../qa/qa-analyser.ts';
import { bindQaQueue, QA_QUEUES } from '../qa/qa-jobs.ts';
import {
  createSessionAnalyser,
  requeueUnfinished,
  SESSION_QUEUES,
  type SessionAnalyser,
  startSessionWorkers,
} from './session-analysis.ts';

/**
 * What the sessions feature runs on: the object store, the job queue (started on first use, so test
 * apps that never upload skip its set-up) and, where this process analyses, the analysis workers.
 */
export interface SessionsRuntime {
  store: ObjectStore;
  queue(): Promise<JobQueue>;
  /** Takes analysis jobs in this process and queues again what a stopped process left unfinished. */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

export function createSessionsRuntime(
  ctx: AppContext,
  options: { store?: ObjectStore } = {},
): SessionsRuntime {
  const store = options.store ?? createObjectStore(ctx.config);
  let queue: Promise<JobQueue> | null = null;
  let analyser: SessionAnalyser | null = null;
  // The QA calls' analysis (a member's coach session becomes one) shares the queue and the workers.
  let qaAnalyser: QaAnalyser | null = null;
  const getQueue = () => {
    queue ??= startJobQueue({ db: ctx.db, log: ctx.log, queues: [...SESSION_QUEUES, ...QA_QUEUES] });
    return queue;
  };
  bindQaQueue(ctx, { queue: getQueue });
  return {
    store,
    queue: getQueue,
    async startWorkers() {
      const q = await getQueue();
      analyser ??= createSessionAnalyser(ctx, store);
      await startSessionWorkers(ctx, q, analyser);
      const requeued = await requeueUnfinished(ctx, q);
      if (requeued) ctx.log.info({ sessions: requeued }, 'unfinished session analyses queued again');
      qaAnalyser ??= createQaAnalyser(ctx, store);
      await startQaWorkers(ctx, q, qaAnalyser);
    },
    async close() {
      if (queue) await (await queue).stop({ graceMs: 5000 });
      await analyser?.close();
      await qaAnalyser?.close();
    },
  };
}
