import type { InsightsQuery, TrainingInsights } from '@agaton/contracts';
import { candidates, practiceAttempts, teams } from '@agaton/db';
import { and, asc, eq, gte, inArray, lt, max, ne, or, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { candidateTeamScope, type OrgActor } from '../../lib/policy.ts';
import { visibleCandidates } from '../recruitment/index.ts';
import { periodRange } from './insights-period.ts';
import { buildTrainingInsights, type InsightPerson } from './training-insights-builder.ts';

/** A team of the organisation (404 otherwise) whose candidates the admin sees (403 otherwise). */
async function assertCohortTeam(ctx: AppContext, actor: OrgActor, teamId: string) {
  const [team] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.orgId, actor.orgId)));
  if (!team) throw new AppError('NOT_FOUND', 'This team was not found.');
  const scope = candidateTeamScope(actor);
  if (scope && !scope.includes(teamId)) throw new AppError('FORBIDDEN');
}

/**
 * The trainees in scope: candidates the admin sees (the recruitment rule), in the team when one is
 * asked, who are trainees (added as one, or invited); one person when userId is given (404 when not visible).
 */
async function loadPeople(ctx: AppContext, actor: OrgActor, query: InsightsQuery): Promise<InsightPerson[]> {
  const trainee = or(eq(candidates.isTrainee, true), ne(candidates.traineeStatus, 'NotInvited')) as SQL;
  const rows = await ctx.db
    .select({
      userId: candidates.id,
      name: candidates.name,
      email: candidates.email,
      traineeStatus: candidates.traineeStatus,
      lastPracticeAt: max(practiceAttempts.createdAt),
    })
    .from(candidates)
    .leftJoin(
      practiceAttempts,
      and(eq(practiceAttempts.candidateId, candidates.id), eq(practiceAttempts.orgId, candidates.orgId)),
    )
    .where(
      and(
        visibleCandidates(actor),
        query.teamId ? eq(candidates.teamId, query.teamId) : undefined,
        query.userId ? eq(candidates.id, query.userId) : trainee,
      ),
    )
    .groupBy(candidates.id)
    .orderBy(asc(candidates.name), asc(candidates.id));
  if (query.userId && rows.length === 0) throw new AppError('NOT_FOUND', 'This trainee was not found.');
  return rows;
}

/**
 * GET /api/insights: loads the people the admin may see and their attempts in the period, then
 * aggregates (the builder is pure). Never reads another organisation's attempts.
 */
export async function trainingInsights(
  ctx: AppContext,
  options: { actor: OrgActor; query: InsightsQuery; now?: Date },
): Promise<TrainingInsights> {
  const { actor, query } = options;
  const range = periodRange(query.period, options.now ?? new Date());
  if (query.teamId) await assertCohortTeam(ctx, actor, query.teamId);
  const people = await loadPeople(ctx, actor, query);
  const ids = people.map((p) => p.userId);
  const attempts = ids.length
    ? await ctx.db
        .select()
        .from(practiceAttempts)
        .where(
          and(
            eq(practiceAttempts.orgId, actor.orgId),
            inArray(practiceAttempts.candidateId, ids),
            range.from ? gte(practiceAttempts.createdAt, range.from) : undefined,
            lt(practiceAttempts.createdAt, range.to),
          ),
        )
        .orderBy(asc(practiceAttempts.createdAt))
    : [];
  return buildTrainingInsights({
    period: { name: query.period, range },
    people,
    attempts,
    grouping: [...new Set(query.grouping)],
    periods: [...new Set(query.periods)],
    metrics: query.metrics ? [...new Set(query.metrics)] : undefined,
  });
}
