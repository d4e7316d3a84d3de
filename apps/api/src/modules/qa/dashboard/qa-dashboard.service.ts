import { FLAG_SCORE, type QaDashboard } from '@agaton/contracts';
import { members, qaAnswers, qaItems, qaQuestions } from '@agaton/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context.ts';
import type { OrgActor } from '../../../lib/policy.ts';
import { effectiveFlag } from '../answering/index.ts';
import { periodItems } from '../qa-scope.ts';
import { trendBucketFor, trendKeyer, trendKeys } from './qa-trend.ts';

/** Options of {@link qaDashboard}. */
export interface QaDashboardOptions {
  actor: OrgActor;
  /** Seconds since the epoch, both ends included (the UI sends 23:59:59 of the last day). */
  fromTime: number;
  toTime: number;
  /** Only agents of this team (403 outside a manager's teams, 404 outside the organisation). */
  teamId?: string;
  /** Only these agents (identity ids); ids outside the scope are ignored. */
  userIds?: string[];
  /** IANA time zone the trend's buckets are counted in. */
  timeZone: string;
}

/**
 * FLAG_SCORE of an answer's effective flag (a reviewer's override wins) in SQL (null for not
 * applicable, which averages leave out).
 */
const score = (flag: keyof typeof FLAG_SCORE) => sql.raw(String(Number(FLAG_SCORE[flag])));
const answerScore = sql<number | null>`(case ${effectiveFlag}
  when 'GREEN' then ${score('GREEN')} when 'YELLOW' then ${score('YELLOW')} when 'RED' then ${score('RED')}
  else null end)`;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * GET /api/qa/dashboard (spec 3 §2.5): the QA items of the period in the caller's scope (owner: the
 * organisation; manager: agents of the managed teams), as per-question average scores (FLAG_SCORE
 * averaged over the answers that applied, best first), a trend in buckets that suit the period's
 * length (qa-trend.ts) in the caller's time zone,
 * per-agent rows and totals. Agents' and totals' red/yellow/green count items by their worst flag;
 * the questions' count answers.
 */
export async function qaDashboard(ctx: AppContext, options: QaDashboardOptions): Promise<QaDashboard> {
  const { actor, fromTime, toTime } = options;
  const scope = await periodItems(ctx, actor, options);
  const trendBucket = trendBucketFor(fromTime, toTime);
  const bucketOf = trendKeyer(trendBucket, options.timeZone);

  // One row per item with its applicable answers' score sum and count.
  const items = await ctx.db
    .select({
      id: qaItems.id,
      agentId: qaItems.agentMemberId,
      agentName: members.name,
      agentEmail: members.email,
      flagLevel: qaItems.flagLevel,
      isReviewed: qaItems.isReviewed,
      qcAt: qaItems.qcAt,
      scoreSum: sql<number>`coalesce(sum(${answerScore}), 0)`.mapWith(Number),
      scored: sql<number>`count(${answerScore})`.mapWith(Number),
    })
    .from(qaItems)
    .innerJoin(members, eq(members.id, qaItems.agentMemberId))
    .leftJoin(qaAnswers, eq(qaAnswers.itemId, qaItems.id))
    .where(scope)
    .groupBy(qaItems.id, members.id)
    .orderBy(asc(qaItems.qcAt));

  const questions = items.length
    ? await ctx.db
        .select({
          questionId: qaQuestions.id,
          questionText: qaQuestions.questionText,
          presentationText: qaQuestions.presentationText,
          averageScore: sql<number>`avg(${answerScore})`.mapWith(Number),
          answers: sql<number>`count(*)`.mapWith(Number),
          red: sql<number>`count(*) filter (where ${effectiveFlag} = 'RED')`.mapWith(Number),
          yellow: sql<number>`count(*) filter (where ${effectiveFlag} = 'YELLOW')`.mapWith(Number),
          green: sql<number>`count(*) filter (where ${effectiveFlag} = 'GREEN')`.mapWith(Number),
        })
        .from(qaAnswers)
        .innerJoin(qaItems, eq(qaItems.id, qaAnswers.itemId))
        .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
        .where(and(scope, sql`${effectiveFlag} <> 'UNSPECIFIED'`))
        .groupBy(qaQuestions.id)
    : [];

  const buckets = new Map<string, { sum: number; scored: number; items: number }>(
    trendKeys(fromTime, toTime, trendBucket, options.timeZone).map((key) => [
      key,
      { sum: 0, scored: 0, items: 0 },
    ]),
  );
  const agents = new Map<string, QaDashboard['agents'][number] & { sum: number; scored: number }>();
  const totals = { items: 0, red: 0, yellow: 0, reviewed: 0 };
  for (const item of items) {
    const key = bucketOf(item.qcAt);
    const bucket = buckets.get(key) ?? { sum: 0, scored: 0, items: 0 };
    bucket.sum += item.scoreSum;
    bucket.scored += item.scored;
    bucket.items += 1;
    buckets.set(key, bucket);

    const agent = agents.get(item.agentId) ?? {
      identityId: item.agentId,
      name: item.agentName || item.agentEmail,
      items: 0,
      averageScore: null,
      red: 0,
      yellow: 0,
      green: 0,
      sum: 0,
      scored: 0,
    };
    agent.items += 1;
    agent.sum += item.scoreSum;
    agent.scored += item.scored;
    if (item.flagLevel === 'RED') agent.red += 1;
    if (item.flagLevel === 'YELLOW') agent.yellow += 1;
    if (item.flagLevel === 'GREEN') agent.green += 1;
    agents.set(item.agentId, agent);

    totals.items += 1;
    if (item.flagLevel === 'RED') totals.red += 1;
    if (item.flagLevel === 'YELLOW') totals.yellow += 1;
    if (item.isReviewed) totals.reviewed += 1;
  }

  return {
    questionPerformance: questions
      .map((q) => ({ ...q, averageScore: round1(q.averageScore) }))
      .sort((a, b) => b.averageScore - a.averageScore || a.questionText.localeCompare(b.questionText)),
    trendBucket,
    // A bucket without calls, or whose calls had no applicable answer, has no score (null).
    trend: [...buckets.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, d]) => ({
        date,
        averageScore: d.scored ? round1(d.sum / d.scored) : null,
        items: d.items,
      })),
    agents: [...agents.values()]
      .map(({ sum, scored, ...agent }) => ({ ...agent, averageScore: scored ? round1(sum / scored) : null }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    totals,
  };
}
