import type { JobQueue, QueueSpec } from '../../../jobs/job-queue.ts';
import type { AppContext } from '../../../lib/context.ts';
import {
  type ReanswerJob,
  type ReanswerScorecardJob,
  reanswerQuestion,
  reanswerScorecard,
} from './qa-answer-calls.ts';

export type { ReanswerJob, ReanswerScorecardJob };

/**
 * The QA jobs (decision 022) and where they go: the app's pg-boss queue, which the composition
 * (modules/pipeline) starts with these queues and passes in (`createQaJobs`). `analyse-qa-call`
 * analyses one call (qa-analyser.ts); `reanswer-qa-question` and `reanswer-qa-scorecard` answer a
 * changed question or scorecard again on analysed calls (qa-answer-calls.ts). All three retry with
 * backoff.
 */

export const ANALYSE_QA_CALL = 'analyse-qa-call';
export const REANSWER_QA_QUESTION = 'reanswer-qa-question';
export const REANSWER_QA_SCORECARD = 'reanswer-qa-scorecard';

export const QA_QUEUES: QueueSpec[] = [
  {
    name: ANALYSE_QA_CALL,
    retryLimit: 3,
    retryDelaySeconds: 10,
    heartbeatSeconds: 30,
    // Two channels of a two-hour call, each transcribed in about real time or a little more.
    expireInSeconds: 7 * 3600,
  },
  {
    name: REANSWER_QA_QUESTION,
    retryLimit: 3,
    retryDelaySeconds: 10,
    heartbeatSeconds: 30,
    expireInSeconds: 3600,
  },
  {
    name: REANSWER_QA_SCORECARD,
    retryLimit: 3,
    retryDelaySeconds: 10,
    heartbeatSeconds: 30,
    expireInSeconds: 3600,
  },
];

export interface AnalyseCallJob {
  callId: string;
}

// ---------------------------------------------------------------------------------------------------
// Sending jobs: to the app's queue, passed in by the composition (modules/pipeline)
// ---------------------------------------------------------------------------------------------------

/** What sends QA jobs: the QA routes, the demo seed and the step that makes a session a call get one. */
export interface QaJobs {
  /** Queues a call's analysis; nothing is added while one for the same call waits or runs. */
  enqueueCallAnalysis(callId: string): Promise<void>;
  /**
   * After a question was created or changed: answer it again on the organisation's analysed calls, in
   * the background (a job). Returns at once; safe to call for a question that is no longer asked
   * (inactive, not QUALITY, in no scorecard) — its past answers then stay as they are.
   */
  requestReanswer(orgId: string, questionId: string): Promise<void>;
  /**
   * After a scorecard's teams changed: in the background, calls of agents that gained it are answered
   * its questions and calls of agents that lost it lose those answers (see reanswerScorecard).
   */
  requestScorecardReanswer(orgId: string, questionSetId: string): Promise<void>;
}

/**
 * The QA jobs of `ctx`, sent to `queue` (the app's job queue). With none (a script, a test's own
 * context), a call stays queued and is taken up when workers start, and re-answering runs in this
 * process.
 */
export function createQaJobs(ctx: AppContext, queue: (() => Promise<JobQueue>) | null): QaJobs {
  /** A re-answering job, or without a queue the same work run here in the background. */
  const reanswer = async <T extends object>(
    name: string,
    data: T,
    singletonKey: string,
    runHere: () => Promise<unknown>,
  ) => {
    if (queue) return void (await (await queue()).send<T>(name, data, { singletonKey }));
    ctx.log.warn({ job: data }, 'no job queue in this process: re-answering runs here');
    void runHere().catch((error) => ctx.log.error({ err: error, job: data }, 're-answering failed'));
  };
  return {
    async enqueueCallAnalysis(callId) {
      if (!queue) {
        ctx.log.warn(
          { callId },
          'no job queue in this process: the QA call is analysed when the workers start',
        );
        return;
      }
      await (await queue()).send<AnalyseCallJob>(ANALYSE_QA_CALL, { callId }, { singletonKey: callId });
    },
    requestReanswer: (orgId, questionId) =>
      reanswer<ReanswerJob>(REANSWER_QA_QUESTION, { orgId, questionId }, `reanswer:${questionId}`, () =>
        reanswerQuestion(ctx, { orgId, questionId }),
      ),
    requestScorecardReanswer: (orgId, questionSetId) =>
      reanswer<ReanswerScorecardJob>(
        REANSWER_QA_SCORECARD,
        { orgId, questionSetId },
        `reanswer-scorecard:${questionSetId}`,
        () => reanswerScorecard(ctx, { orgId, questionSetId }),
      ),
  };
}
