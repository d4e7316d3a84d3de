import { members, qaItems, teamMemberships } from '@agaton/db';
import { and, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { assertTeamAccess, type OrgActor } from '../../lib/policy.ts';

/**
 * The agents an admin sees in QA (the coaching overview's team scope): an owner every member of the
 * organisation, a manager the members of the teams they manage.
 */

/**
 * The QA items (qa_items) whose call took place in a period — seconds since the epoch, both ends
 * included (the UI sends 23:59:59 of the last day) — in the actor's scope, of one team and/or some
 * agents when asked (ids outside the scope are ignored). 400 when the period ends before it starts;
 * a team outside the organisation is 404, outside a manager's teams 403.
 */
export async function periodItems(
  ctx: AppContext,
  actor: OrgActor,
  period: { fromTime: number; toTime: number; teamId?: string; userIds?: string[] },
): Promise<SQL> {
  const { fromTime, toTime, teamId, userIds } = period;
  if (toTime < fromTime) {
    throw new AppError('VALIDATION', 'toTime must not be before fromTime', {
      details: [{ path: 'toTime', message: 'toTime must not be before fromTime' }],
    });
  }
  if (teamId) await assertTeamAccess(ctx, actor, teamId);
  return and(
    eq(qaItems.orgId, actor.orgId),
    gte(qaItems.qcAt, new Date(fromTime * 1000)),
    lte(qaItems.qcAt, new Date(toTime * 1000)),
    agentScope(ctx, actor, qaItems.agentMemberId),
    teamId ? agentInTeams(ctx, qaItems.agentMemberId, [teamId]) : undefined,
    userIds?.length ? inArray(qaItems.agentMemberId, userIds) : undefined,
  )!;
}

/** The member in `memberColumn` belongs to at least one of these teams. */
export function agentInTeams(ctx: AppContext, memberColumn: PgColumn, teamIds: string[]): SQL {
  if (teamIds.length === 0) return sql`false`;
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.memberId, memberColumn), inArray(teamMemberships.teamId, teamIds))),
  );
}

/** The condition limiting `memberColumn` to the actor's agents (undefined for an owner). */
export function agentScope(ctx: AppContext, actor: OrgActor, memberColumn: PgColumn): SQL | undefined {
  return actor.teamScope ? agentInTeams(ctx, memberColumn, actor.teamScope) : undefined;
}

/**
 * The agent member of an upload: 404 when it is no member of the actor's organisation (or archived),
 * 403 when a manager does not manage any of its teams.
 */
export async function agentForUpload(ctx: AppContext, actor: OrgActor, memberId: string) {
  const [member] = await ctx.db
    .select({ id: members.id, name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.orgId, actor.orgId), eq(members.isArchived, false)));
  if (!member) throw new AppError('NOT_FOUND', 'No such agent in your organisation.');
  if (actor.teamScope) {
    const [inScope] = await ctx.db
      .select({ memberId: teamMemberships.memberId })
      .from(teamMemberships)
      .where(
        and(
          eq(teamMemberships.memberId, memberId),
          actor.teamScope.length ? inArray(teamMemberships.teamId, actor.teamScope) : sql`false`,
        ),
      )
      .limit(1);
    if (!inScope) throw new AppError('FORBIDDEN', 'This agent is not in a team you manage.');
  }
  return member;
}
