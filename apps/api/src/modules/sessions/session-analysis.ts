import { RECORDING, type SessionAnalysis, sessionAnalysisSchema } from '@agaton/contracts';
import { sessions, users } from '@agaton/db';
import type { SpeechInputErrorCode } from '@agaton/speech';
import { eq, inArray, sql } from 'drizzle-orm';
import { asrSettings } from '../../config/env.ts';
import { AnalysisError } from '../../jobs/analysis-errors.ts';
import { AnalysisPool } from '../../jobs/analysis-pool.ts';
import type { AnalysisProgressStage } from '../../jobs/analysis-types.ts';
import type { JobQueue, QueueSpec } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../lib/context.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import { summariseSession } from './session-summary.ts';
import { setProgress } from './sessions.service.ts';

export const ANALYSE_SESSION = 'analyse-session';

/**
 * The analysis queue: a failure is retried with backoff (a crash, a restart, a full disk); a worker
 * that dies is noticed by its missing heartbeat and its job taken up again (docs/decisions/012).
 */
export const SESSION_QUEUES: QueueSpec[] = [
  {
    name: ANALYSE_SESSION,
    retryLimit: 4,
    retryDelaySeconds: 15,
    heartbeatSeconds: 30,
    expireInSeconds: 2 * 3600,
  },
];

export interface AnalyseSessionJob {
  sessionId: string;
}

/** Whole-job percent at the start of each stage; a stage's own fraction fills the gap to the next. */
const STAGE_SPAN: Record<AnalysisProgressStage | 'reporting', [number, number]> = {
  decoding: [0, 5],
  transcribing: [5, 75],
  scoring: [75, 93],
  reporting: [93, 99],
};
const PROGRESS_EVERY_MS = 1000;

/** Inputs the engine refuses for good (silence, a broken file): retrying cannot help. */
const PERMANENT = new Set<string>([
  'EMPTY',
  'CORRUPT',
  'UNSUPPORTED',
  'SILENT',
  'TOO_SHORT',
  'TOO_LONG',
] satisfies SpeechInputErrorCode[]);
export const ANALYSIS_TEXTS = {
  unusable: 'We could not find speech we can analyse in this recording. Its minutes were given back.',
  longerThanDeclared:
    'This recording is longer than its start and end times say, so it was not analysed. Its minutes were given back.',
  failed: 'The analysis failed. Please upload the recording again or contact support.',
} as const;

/** Enough time for the slowest machine we support: about real time, plus model loading. */
function deadlineMs(declaredSeconds: number) {
  return (120 + 1.5 * declaredSeconds) * 1000;
}

/** The session an analysis just stored, as the steps after it see it. */
export interface AnalysedSession {
  userId: string;
  sessionId: string;
}

/**
 * What follows a session's analysis: the work of the features that consume analysed sessions (the
 * coaching reports, QA calls), passed in by the composition that builds the workers
 * (modules/pipeline), so that sessions imports none of them.
 */
export interface AfterAnalysis {
  /**
   * Once the analysis is stored, before the session shows as done (its coaching reports, which read
   * the session as analysed). A throw fails this attempt and the queue retries the analysis.
   */
  beforeDone(session: AnalysedSession): Promise<void>;
  /**
   * Once the session shows as done (a member's coach session becomes a QA call). A throw is logged;
   * the session stays done.
   */
  afterDone(session: AnalysedSession): Promise<void>;
}

export interface SessionAnalyser {
  /** Analyses one session; throws to have the queue retry. */
  analyse(job: AnalyseSessionJob): Promise<void>;
  /** Marks a session failed after its last retry. */
  fail(job: AnalyseSessionJob, error: Error): Promise<void>;
  close(): Promise<void>;
}

/**
 * The analysis of uploaded sessions: recording → engine (worker thread) → profile → the steps after
 * it (`after`: coaching reports before the session shows as done, a QA call once it is).
 */
export function createSessionAnalyser(
  ctx: AppContext,
  store: ObjectStore,
  after: AfterAnalysis,
): SessionAnalyser {
  const pool = new AnalysisPool({
    size: ctx.config.SESSION_WORKERS,
    maxQueue: 1000,
    limits: { meeting: { minSec: RECORDING.minSeconds, maxSec: RECORDING.maxMinutes * 60 + 60 } },
    // A meeting's words and timings live on the heap: 90 minutes stay well under this.
    memoryMb: Math.max(ctx.config.SCORING_WORKER_MEMORY_MB, 1024),
    // Nobody waits for it at the screen: scoring people are waiting for comes first.
    niceness: ctx.config.BACKGROUND_NICENESS,
    asr: asrSettings(ctx.config),
  });

  async function analyse({ sessionId }: AnalyseSessionJob) {
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
    if (!row || row.status === 'done') return;
    await ctx.db
      .update(sessions)
      .set({
        status: 'running',
        stage: 'decoding',
        percent: 0,
        error: null,
        attempts: sql`${sessions.attempts} + 1`,
      })
      .where(eq(sessions.id, sessionId));

    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const report = (stage: AnalysisProgressStage | 'reporting', fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS && fraction < 1) return;
      lastWrite = now;
      const [from, to] = STAGE_SPAN[stage];
      const percent = from + (to - from) * Math.min(1, Math.max(0, fraction));
      writing = writing.then(() => setProgress(ctx, sessionId, { stage, percent })).catch(() => {});
    };

    const audio = await store.getBytes(row.objectKey);
    let result: SessionAnalysis;
    try {
      const out = await pool.run({
        kind: 'meeting',
        audio,
        maxSec: row.declaredSeconds + 30,
        timeoutMs: deadlineMs(row.declaredSeconds),
        onProgress: ({ stage, fraction }) => report(stage, fraction),
      });
      // Checked where it crosses from the worker: what is stored is what the contracts say.
      result = sessionAnalysisSchema.parse(out.response);
    } catch (error) {
      if (error instanceof AnalysisError && error.code && PERMANENT.has(error.code)) {
        await refuse(sessionId, row.minutesCharged, error.code === 'TOO_LONG');
        return;
      }
      throw error;
    }
    await writing;
    report('reporting', 0);
    const [user] = await ctx.db.select({ goals: users.goals }).from(users).where(eq(users.id, row.userId));
    const summary = summariseSession({
      speech: result.speech,
      metrics: result.metrics,
      goals: user?.goals ?? [],
    });
    await ctx.db
      .update(sessions)
      .set({
        durationSeconds: result.speech.durationSeconds,
        profile: {
          speakingTimePercentage: result.speech.speakingTimePercentage,
          wordsSaid: result.speech.wordsSaid,
          transcript: result.speech.transcript,
          subProfiles: result.speech.subProfiles,
          ...summary,
        },
        words: result.words,
        metrics: result.metrics,
      })
      .where(eq(sessions.id, sessionId));
    // Reports read the session as analysed; it is shown as done only once they exist too.
    const analysed: AnalysedSession = { userId: row.userId, sessionId };
    await after.beforeDone(analysed);
    await ctx.db
      .update(sessions)
      .set({ status: 'done', stage: 'done', percent: 100, analysedAt: new Date() })
      .where(eq(sessions.id, sessionId));
    // Done is done: what follows (a QA call, decision 022) cannot undo it.
    await after
      .afterDone(analysed)
      .catch((error) => ctx.log.error({ err: error, sessionId }, 'a step after the session analysis failed'));
  }

  /** A recording with nothing to analyse fails at once, and its minutes are given back. */
  async function refuse(sessionId: string, minutes: number, longerThanDeclared: boolean) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sessions)
        .set({
          status: 'failed',
          error: longerThanDeclared ? ANALYSIS_TEXTS.longerThanDeclared : ANALYSIS_TEXTS.unusable,
          minutesCharged: 0,
        })
        .where(eq(sessions.id, sessionId))
        .returning({ userId: sessions.userId });
      if (row && minutes > 0) {
        await tx
          .update(users)
          .set({ availableRecordingMinutes: sql`${users.availableRecordingMinutes} + ${minutes}` })
          .where(eq(users.id, row.userId));
      }
    });
  }

  async function fail({ sessionId }: AnalyseSessionJob, error: Error) {
    ctx.log.error({ err: error, sessionId }, 'session analysis failed after its retries');
    await ctx.db
      .update(sessions)
      .set({ status: 'failed', error: ANALYSIS_TEXTS.failed })
      .where(eq(sessions.id, sessionId));
  }

  return { analyse, fail, close: () => pool.close() };
}

/** Takes analysis jobs in this process (the api by default, or `npm run worker`). */
export async function startSessionWorkers(ctx: AppContext, queue: JobQueue, analyser: SessionAnalyser) {
  await queue.work<AnalyseSessionJob>(
    ANALYSE_SESSION,
    { concurrency: ctx.config.SESSION_WORKERS, onFailed: (data, error) => analyser.fail(data, error) },
    (job) => analyser.analyse(job.data),
  );
}

/** Queues the analysis of a session; a second call for the same session while one waits adds nothing. */
export function enqueueAnalysis(queue: JobQueue, sessionId: string) {
  return queue.send<AnalyseSessionJob>(ANALYSE_SESSION, { sessionId }, { singletonKey: sessionId });
}

/**
 * Sessions left queued or running without a job (the process stopped between saving a session and
 * queueing it) are queued again at start; the singleton key keeps existing jobs single.
 */
export async function requeueUnfinished(ctx: AppContext, queue: JobQueue) {
  const rows = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.status, ['queued', 'running']));
  for (const row of rows) await enqueueAnalysis(queue, row.id);
  return rows.length;
}
