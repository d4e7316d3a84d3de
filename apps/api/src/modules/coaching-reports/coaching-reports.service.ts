import type { CoachingReport, CoachingReportsPage } from '@agaton/contracts';
import { coachingReports, members, sessions, users } from '@agaton/db';
import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { afterKeyset, decodeCursor, newestFirst, pageOf } from '../../lib/keyset-page.ts';
import { articlesFor } from '../speaking/index.ts';
import { type ReportSession, writePeriodReport, writeSessionReport } from './report-writer.ts';

type ReportRow = typeof coachingReports.$inferSelect;
const DAY_MS = 24 * 3600 * 1000;

/** Monday 00:00 UTC of the week holding `at`: reports cover calendar weeks. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The user's analysed sessions (metrics stored), oldest first: what reports and insights read. */
export async function analysedSessions(ctx: AppContext, userId: string): Promise<ReportSession[]> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      startedAt: sessions.startedAt,
      durationSeconds: sessions.durationSeconds,
      declaredSeconds: sessions.declaredSeconds,
      metrics: sessions.metrics,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.metrics)))
    .orderBy(asc(sessions.startedAt));
  return rows.flatMap(({ metrics, ...r }) =>
    metrics
      ? [
          {
            id: r.id,
            startedAt: r.startedAt,
            durationSeconds: r.durationSeconds ?? r.declaredSeconds,
            metrics,
          },
        ]
      : [],
  );
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Writes (or rewrites) the coaching reports a newly analysed session changes: its own report, and
 * the report of its week. Idempotent, so a retried analysis leaves one report of each.
 */
export async function refreshCoachingReports(
  ctx: AppContext,
  options: { userId: string; sessionId: string },
) {
  // Archiving a member stops their coaching reports (spec 2 §4): their coach account gets no new ones.
  const [archived] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.userId, options.userId), eq(members.isArchived, true)));
  if (archived) return;
  const all = await analysedSessions(ctx, options.userId);
  const session = all.find((s) => s.id === options.sessionId);
  if (!session) return;
  const [user] = await ctx.db.select({ goals: users.goals }).from(users).where(eq(users.id, options.userId));
  const goals = user?.goals ?? [];
  const previous = all.filter((s) => s.startedAt < session.startedAt).reverse();

  const now = new Date();
  await ctx.db
    .insert(coachingReports)
    .values({
      userId: options.userId,
      type: 'PER_SESSION',
      sessionId: session.id,
      periodStart: session.startedAt,
      periodEnd: new Date(session.startedAt.getTime() + session.durationSeconds * 1000),
      sessionsAnalyzed: 1,
      averageSessionDuration: session.durationSeconds,
      blocks: writeSessionReport({ session, previous, goals }),
    })
    .onConflictDoUpdate({
      target: coachingReports.sessionId,
      set: { blocks: sql`excluded.blocks`, updatedAt: now },
    });

  const periodStart = weekStart(session.startedAt);
  const periodEnd = new Date(periodStart.getTime() + 7 * DAY_MS);
  const inWeek = all.filter((s) => s.startedAt >= periodStart && s.startedAt < periodEnd);
  // The previous period is the latest earlier week with sessions, so a quiet week is skipped over.
  const before = all.filter((s) => s.startedAt < periodStart);
  const lastWeek = before.length ? weekStart(before[before.length - 1].startedAt) : null;
  const previousPeriod = lastWeek ? before.filter((s) => s.startedAt >= lastWeek) : [];
  const values = {
    sessionsAnalyzed: inWeek.length,
    averageSessionDuration: mean(inWeek.map((s) => s.durationSeconds)),
    blocks: writePeriodReport({ sessions: inWeek, previousPeriod, goals, periodStart, periodEnd }),
  };
  await ctx.db
    .insert(coachingReports)
    .values({ userId: options.userId, type: 'PER_PERIOD', periodStart, periodEnd, ...values })
    .onConflictDoUpdate({
      target: [coachingReports.userId, coachingReports.periodStart],
      targetWhere: sql`type = 'PER_PERIOD'`,
      set: { ...values, updatedAt: now },
    });
}

function meta(row: ReportRow): CoachingReport['meta'] {
  const createdAt = row.updatedAt.toISOString();
  if (row.type === 'PER_SESSION' && row.sessionId) {
    return {
      type: 'PER_SESSION',
      createdAt,
      sessionProfileId: row.sessionId,
      sessionTimestamp: Math.floor(row.periodStart.getTime() / 1000),
      sessionDuration: Math.round(row.averageSessionDuration),
    };
  }
  return {
    type: 'PER_PERIOD',
    createdAt,
    timePeriodStart: row.periodStart.toISOString(),
    timePeriodEnd: row.periodEnd.toISOString(),
    sessionsAnalyzed: row.sessionsAnalyzed,
    averageSessionDuration: Math.round(row.averageSessionDuration),
  };
}

/** GET /coaching-reports: newest period first (a week's report sorts before its sessions' ones). */
export async function listCoachingReports(
  ctx: AppContext,
  options: { userId: string; limit: number; cursor?: string },
): Promise<CoachingReportsPage> {
  const after = decodeCursor(options.cursor, 'cursor');
  const rows = await ctx.db
    .select()
    .from(coachingReports)
    .where(
      and(
        eq(coachingReports.userId, options.userId),
        afterKeyset(coachingReports.periodStart, coachingReports.id, after),
      ),
    )
    .orderBy(...newestFirst(coachingReports.periodStart, coachingReports.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({ at: row.periodStart, id: row.id }));
  return { items: page.map((row) => ({ coachingReportId: row.id, meta: meta(row) })), nextCursor };
}

/** GET /coaching-reports/{id}: one report of this user, or 404. */
export async function getCoachingReport(
  ctx: AppContext,
  options: { userId: string; reportId: string },
): Promise<CoachingReport> {
  if (!isUuid(options.reportId)) throw new AppError('NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(coachingReports)
    .where(and(eq(coachingReports.id, options.reportId), eq(coachingReports.userId, options.userId)));
  if (!row) throw new AppError('NOT_FOUND');
  // The report's own sessions: the one it is about, or those of its week.
  const covered = await ctx.db
    .select({ metrics: sessions.metrics })
    .from(sessions)
    .where(
      row.sessionId
        ? eq(sessions.id, row.sessionId)
        : and(
            eq(sessions.userId, options.userId),
            gte(sessions.startedAt, row.periodStart),
            lt(sessions.startedAt, row.periodEnd),
            isNotNull(sessions.metrics),
          ),
    )
    .orderBy(desc(sessions.startedAt));
  const [user] = await ctx.db.select({ goals: users.goals }).from(users).where(eq(users.id, options.userId));
  const metrics = covered.flatMap((c) => (c.metrics ? [c.metrics] : []));
  return {
    coachingReportId: row.id,
    meta: meta(row),
    blocks: row.blocks,
    recommendedArticles: articlesFor(metrics, user?.goals ?? []),
  };
}
