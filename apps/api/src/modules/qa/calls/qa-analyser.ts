import { qaCalls } from '@agaton/db';
import { eq, inArray } from 'drizzle-orm';
import type { JobQueue, JobWorkers } from '../../../jobs/job-queue.ts';
import type { AppContext } from '../../../lib/context.ts';
import type { ObjectStore } from '../../../providers/storage/object-store.ts';
import {
  ANALYSE_QA_CALL,
  type AnalyseCallJob,
  answerCall,
  QA_QUEUES,
  REANSWER_QA_QUESTION,
  REANSWER_QA_SCORECARD,
  type ReanswerJob,
  type ReanswerScorecardJob,
  reanswerQuestion,
  reanswerScorecard,
} from '../answering/index.ts';
import { createCallTranscriber, TranscriptionRefused } from './qa-transcribe.ts';

/**
 * The workers of the QA jobs in this process: a call's transcript (the upload's, or the speech
 * engine's from the recording) → its answers and QA item; a call that fails for good keeps a
 * user-facing error (shown on the Upload call list, where it can be retried or removed).
 */

export const QA_ANALYSIS_TEXTS = {
  failed: 'The analysis of this call failed. Please upload it again or contact support.',
  noSpeech: 'We could not find speech we can transcribe in this recording.',
  tooLong: 'This recording is longer than the 2 hours a call may last.',
} as const;

export interface QaAnalyser {
  analyse(job: AnalyseCallJob, signal?: AbortSignal): Promise<void>;
  fail(job: AnalyseCallJob, error: Error): Promise<void>;
  reanswer(job: ReanswerJob, signal?: AbortSignal): Promise<void>;
  reanswerScorecard(job: ReanswerScorecardJob, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** The QA analysis of this process: transcription (speech engine workers) and answering. */
export function createQaAnalyser(ctx: AppContext, store: ObjectStore): QaAnalyser {
  const transcriber = createCallTranscriber(ctx);

  async function analyse({ callId }: AnalyseCallJob, signal?: AbortSignal) {
    const [call] = await ctx.db.select().from(qaCalls).where(eq(qaCalls.id, callId));
    if (!call || call.status === 'done') return;
    await ctx.db.update(qaCalls).set({ status: 'running', error: null }).where(eq(qaCalls.id, callId));
    if (!call.transcript) {
      if (!call.objectKey) {
        await ctx.db
          .update(qaCalls)
          .set({ status: 'failed', error: QA_ANALYSIS_TEXTS.failed })
          .where(eq(qaCalls.id, callId));
        return;
      }
      let result: Awaited<ReturnType<typeof transcriber.transcribe>>;
      try {
        result = await transcriber.transcribe(await store.getBytes(call.objectKey));
      } catch (error) {
        if (error instanceof TranscriptionRefused) {
          await ctx.db
            .update(qaCalls)
            .set({
              status: 'failed',
              error: error.tooLong ? QA_ANALYSIS_TEXTS.tooLong : QA_ANALYSIS_TEXTS.noSpeech,
            })
            .where(eq(qaCalls.id, callId));
          return;
        }
        throw error;
      }
      await ctx.db
        .update(qaCalls)
        .set({
          transcript: result.lines,
          transcriptSource: 'ENGINE',
          durationSeconds: result.durationSeconds,
        })
        .where(eq(qaCalls.id, callId));
    }
    await answerCall(ctx, callId, signal);
    await ctx.db
      .update(qaCalls)
      .set({ status: 'done', error: null, analysedAt: new Date() })
      .where(eq(qaCalls.id, callId));
  }

  async function fail({ callId }: AnalyseCallJob, error: Error) {
    ctx.log.error({ err: error, callId }, 'QA call analysis failed after its retries');
    await ctx.db
      .update(qaCalls)
      .set({ status: 'failed', error: QA_ANALYSIS_TEXTS.failed })
      .where(eq(qaCalls.id, callId));
  }

  return {
    analyse,
    fail,
    reanswer: (job, signal) => reanswerQuestion(ctx, job, signal),
    reanswerScorecard: (job, signal) => reanswerScorecard(ctx, job, signal),
    close: () => transcriber.close(),
  };
}

/** Takes QA jobs in this process, and queues again calls a stopped process left unfinished. */
export async function startQaWorkers(ctx: AppContext, queue: JobQueue, analyser: QaAnalyser) {
  await queue.work<AnalyseCallJob>(
    ANALYSE_QA_CALL,
    // Two at once: a transcript-only call need not wait behind a long recording's transcription.
    { concurrency: 2, onFailed: (data, error) => analyser.fail(data, error) },
    (job) => analyser.analyse(job.data, job.signal),
  );
  await queue.work<ReanswerJob>(REANSWER_QA_QUESTION, { concurrency: 1 }, (job) =>
    analyser.reanswer(job.data, job.signal),
  );
  await queue.work<ReanswerScorecardJob>(REANSWER_QA_SCORECARD, { concurrency: 1 }, (job) =>
    analyser.reanswerScorecard(job.data, job.signal),
  );
  const rows = await ctx.db
    .select({ id: qaCalls.id })
    .from(qaCalls)
    .where(inArray(qaCalls.status, ['queued', 'running']));
  for (const row of rows) {
    await queue.send<AnalyseCallJob>(ANALYSE_QA_CALL, { callId: row.id }, { singletonKey: row.id });
  }
  if (rows.length) ctx.log.info({ calls: rows.length }, 'unfinished QA call analyses queued again');
}

/** QA's share of the app's job queue: its queues and, where this process analyses, their workers. */
export function qaWorkers(ctx: AppContext, store: ObjectStore): JobWorkers {
  let analyser: QaAnalyser | null = null;
  return {
    queues: QA_QUEUES,
    async start(queue) {
      analyser ??= createQaAnalyser(ctx, store);
      await startQaWorkers(ctx, queue, analyser);
    },
    async close() {
      await analyser?.close();
    },
  };
}
