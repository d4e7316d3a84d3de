import type { AccessTokenClaims } from '@agaton/contracts';
import { members, teamMemberships } from '@agaton/db';
import { and, eq, inArray, or } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { authorizeOrg } from '../../lib/policy.ts';

/**
 * Whose sessions and coaching reports a caller reads (spec 1 §6). A coach reads their own; passing
 * someone else's id is refused. An organisation admin passes `forUserId`, the coach account of a
 * member of their organisation or that member's identity id (astridIdentityId, as the assistant's
 * per-user pages do), and a manager only of a member of a team they manage. An id outside that reach,
 * or a member without a coach account, answers 404, so it tells nothing about other tenants.
 */
export async function reportSubject(
  ctx: AppContext,
  claims: AccessTokenClaims,
  forUserId: string | undefined,
): Promise<string> {
  if (claims.kind === 'user') {
    if (forUserId && forUserId !== claims.sub) throw new AppError('FORBIDDEN');
    return claims.sub;
  }
  if (claims.kind !== 'admin' || !claims.orgId) throw new AppError('FORBIDDEN');
  if (!forUserId) throw new AppError('VALIDATION', 'forUserId is required for an organisation admin.');
  if (!isUuid(forUserId)) throw new AppError('NOT_FOUND');
  const actor = await authorizeOrg(ctx, claims, claims.orgId);
  const [member] = await ctx.db
    .select({ id: members.id, userId: members.userId })
    .from(members)
    .where(and(eq(members.orgId, actor.orgId), or(eq(members.userId, forUserId), eq(members.id, forUserId))));
  if (!member?.userId) throw new AppError('NOT_FOUND');
  if (actor.teamScope) {
    const shared = actor.teamScope.length
      ? await ctx.db
          .select({ teamId: teamMemberships.teamId })
          .from(teamMemberships)
          .where(
            and(eq(teamMemberships.memberId, member.id), inArray(teamMemberships.teamId, actor.teamScope)),
          )
      : [];
    if (!shared.length) throw new AppError('NOT_FOUND');
  }
  return member.userId;
}
