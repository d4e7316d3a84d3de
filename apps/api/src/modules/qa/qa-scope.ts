import { members, teamMemberships } from '@agaton/db';
import { and, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type { OrgActor } from '../../lib/policy.ts';

/**
 * The agents an admin sees in QA (the coaching overview's team scope): an owner every member of the
 * organisation, a manager the members of the teams they manage.
 */

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
