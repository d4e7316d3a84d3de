import type { JobQueue, JobWorkers } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../lib/context.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import {
  type AfterAnalysis,
  createSessionAnalyser,
  requeueUnfinished,
  SESSION_QUEUES,
  type SessionAnalyser,
  startSessionWorkers,
} from './session-analysis.ts';

/**
 * What the sessions feature runs on: the object store and the app's job queue (started on first use,
 * so test apps that never upload skip its set-up). Built by modules/pipeline, which shares both with QA.
 */
export interface SessionsRuntime {
  store: ObjectStore;
  queue(): Promise<JobQueue>;
}

/**
 * The session analysis's share of the job queue: its queue and, where this process analyses, its
 * workers, which hand each analysed session to `after` (coaching reports, QA calls: modules/pipeline).
 */
export function sessionWorkers(ctx: AppContext, store: ObjectStore, after: AfterAnalysis): JobWorkers {
  let analyser: SessionAnalyser | null = null;
  return {
    queues: SESSION_QUEUES,
    async start(queue) {
      analyser ??= createSessionAnalyser(ctx, store, after);
      await startSessionWorkers(ctx, queue, analyser);
      const requeued = await requeueUnfinished(ctx, queue);
      if (requeued) ctx.log.info({ sessions: requeued }, 'unfinished session analyses queued again');
    },
    async close() {
      await analyser?.close();
    },
  };
}
