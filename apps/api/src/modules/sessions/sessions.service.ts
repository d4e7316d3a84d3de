import type {
  AnalysisStage,
  AnalysisState,
  SessionProfile,
  SessionSummary,
  SessionsPage,
  UploadRecordingFields,
} from '@agaton/contracts';
import { sessions, users } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { afterKeyset, decodeCursor, newestFirst, pageOf } from '../../lib/keyset-page.ts';
import { columnsOf, mayRecord, settle, stateOf } from '../billing/index.ts';
import type { UploadedRecording } from '../recordings/index.ts';
import { MIN_WORDS_TO_JUDGE } from '../speaking/index.ts';

type SessionRow = typeof sessions.$inferSelect;

/** Minutes a recording costs: its declared length, rounded up to the next minute. */
export function minutesFor(declaredSeconds: number): number {
  return Math.max(1, Math.ceil(declaredSeconds / 60));
}

/**
 * Refuses at once (before the body is read) a user who may not record (spec 1 §5, decision 014): a
 * cancelled plan or an ended trial, or a trial or subscription with no minutes left.
 */
export async function assertMayRecord(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!mayRecord(settle(stateOf(user), new Date()))) throw new AppError('PAYMENT_REQUIRED');
}

/**
 * Records an uploaded recording as a queued session and charges its minutes, in one transaction:
 * the same file uploaded again answers the first session's id and costs nothing; a trial or a
 * subscription without enough minutes is refused and the caller deletes the object (so nothing stays
 * stored). What time has done to the plan (an ended trial, a renewed period) is saved with the charge.
 */
export async function createSession(
  ctx: AppContext,
  options: {
    userId: string;
    fields: UploadRecordingFields & { sessionType: 'default' };
    upload: UploadedRecording;
  },
): Promise<{ id: string; created: boolean }> {
  const { userId, fields, upload } = options;
  const startedAt = new Date(fields.startTime);
  const endedAt = new Date(fields.endTime);
  const declaredSeconds = (endedAt.getTime() - startedAt.getTime()) / 1000;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw new AppError('UNAUTHENTICATED');
    const plan = settle(stateOf(row), new Date());
    const [inserted] = await tx
      .insert(sessions)
      .values({
        userId,
        sessionType: fields.sessionType,
        startedAt,
        endedAt,
        declaredSeconds,
        objectKey: upload.objectKey,
        contentType: upload.contentType,
        sizeBytes: upload.sizeBytes,
        sha256: upload.sha256,
      })
      .onConflictDoNothing({ target: [sessions.userId, sessions.sha256] })
      .returning({ id: sessions.id });
    if (!inserted) {
      const [existing] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.sha256, upload.sha256)));
      return { id: existing.id, created: false };
    }
    const minutes = minutesFor(declaredSeconds);
    if (plan.status === 'CANCELED' || plan.minutes < minutes) throw new AppError('PAYMENT_REQUIRED');
    await tx
      .update(users)
      .set(columnsOf({ ...plan, minutes: plan.minutes - minutes }))
      .where(eq(users.id, userId));
    await tx.update(sessions).set({ minutesCharged: minutes }).where(eq(sessions.id, inserted.id));
    return { id: inserted.id, created: true };
  });
}

export function analysisState(
  row: Pick<SessionRow, 'status' | 'stage' | 'percent' | 'error'>,
): AnalysisState {
  return { status: row.status, stage: row.stage, percent: row.percent, error: row.error };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const durationOf = (row: SessionRow) => Math.round(row.durationSeconds ?? row.declaredSeconds);

/** The overall score of a done session, or null when it has too few of the learner's words to judge. */
function overallScore(row: SessionRow): number | null {
  const metrics = row.metrics;
  if (row.status !== 'done' || !metrics || metrics.wordsSaid < MIN_WORDS_TO_JUDGE) return null;
  return metrics.total;
}

function summary(row: SessionRow): SessionSummary {
  return {
    id: row.id,
    timestampSeconds: seconds(row.startedAt),
    durationSeconds: durationOf(row),
    analysis: analysisState(row),
    overallScore: overallScore(row),
  };
}

/** GET /sessions: the user's sessions, newest first. */
export async function listSessions(
  ctx: AppContext,
  options: { userId: string; limit: number; cursor?: string },
): Promise<SessionsPage> {
  const after = decodeCursor(options.cursor, 'cursor');
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, options.userId), afterKeyset(sessions.startedAt, sessions.id, after)))
    .orderBy(...newestFirst(sessions.startedAt, sessions.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({ at: row.startedAt, id: row.id }));
  return { items: page.map(summary), nextCursor };
}

/** One session of this user, or 404 (another user's id is indistinguishable from a missing one). */
export async function findSession(ctx: AppContext, options: { userId: string; sessionId: string }) {
  if (!isUuid(options.sessionId)) throw new AppError('NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, options.userId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /sessions/{id}: the profile of spec 1 §3; its fields are empty until the analysis is done. */
export function toProfile(
  row: SessionRow,
  extras: Pick<SessionProfile, 'recordingUrl' | 'recommendedArticles'>,
): SessionProfile {
  const stored = row.status === 'done' ? row.profile : null;
  return {
    ...summary(row),
    speakingTimePercentage: stored?.speakingTimePercentage ?? null,
    wordsSaid: stored?.wordsSaid ?? null,
    evaluation: stored?.evaluation ?? null,
    highlights: stored?.highlights ?? [],
    transcript: stored?.transcript ?? null,
    blocks: stored?.blocks ?? [],
    subProfiles: stored?.subProfiles ?? {},
    words: row.status === 'done' ? (row.words ?? []) : [],
    ...extras,
  };
}

/** Progress of a running analysis: stage and percent over the whole job. */
export async function setProgress(
  ctx: AppContext,
  sessionId: string,
  progress: { stage: AnalysisStage; percent: number },
) {
  await ctx.db
    .update(sessions)
    .set({ stage: progress.stage, percent: Math.round(progress.percent) })
    .where(and(eq(sessions.id, sessionId), eq(sessions.status, 'running')));
}
