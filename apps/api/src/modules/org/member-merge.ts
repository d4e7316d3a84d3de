import type { Member, MergeIdentityRequest } from '@agaton/contracts';
import { admins, candidates, members, teamMemberships } from '@agaton/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { assertOwner, type OrgActor } from '../../lib/policy.ts';
import { toMembers } from './org.service.ts';

/** Message of the 409 when each identity is linked to a different coach account. */
export const MERGE_TWO_COACH_USERS = 'Both identities are linked to different coach accounts';

type Role = 'MANAGER' | 'REGULAR_MEMBER';

/**
 * Merges the secondary identity of a person into the primary one, then deletes the secondary
 * (docs/decisions/016-org-administration.md). Kept: the primary's e-mail and organisation role, its
 * name (the secondary's if the primary has none), the union of team memberships with the higher team
 * role, a licence if either had one, archived only if both were, the secondary's external ids and
 * e-mail added to the primary's externalIds, and the one linked coach account (409 if both are
 * linked to different ones). Owners only; 404 for an identity outside the organisation.
 */
export async function mergeIdentity(
  ctx: AppContext,
  options: { actor: OrgActor; request: MergeIdentityRequest },
): Promise<Member> {
  const { actor, request } = options;
  assertOwner(actor);
  const rows = await ctx.db
    .select()
    .from(members)
    .where(
      and(
        eq(members.orgId, actor.orgId),
        inArray(members.id, [request.primaryIdentityId, request.secondaryIdentityId]),
      ),
    );
  const primary = rows.find((r) => r.id === request.primaryIdentityId);
  const secondary = rows.find((r) => r.id === request.secondaryIdentityId);
  if (!primary || !secondary) throw new AppError('NOT_FOUND');
  if (primary.userId && secondary.userId && primary.userId !== secondary.userId) {
    throw new AppError('CONFLICT', MERGE_TWO_COACH_USERS);
  }
  const isArchived = primary.isArchived && secondary.isArchived;
  const externalIds = [
    ...new Set([
      ...primary.externalIds,
      ...secondary.externalIds,
      ...(secondary.email && secondary.email !== primary.email ? [secondary.email] : []),
    ]),
  ];

  await ctx.db.transaction(async (tx) => {
    const links = await tx
      .select()
      .from(teamMemberships)
      .where(inArray(teamMemberships.memberId, [primary.id, secondary.id]));
    const roles = new Map<string, Role>();
    for (const link of links) {
      if (roles.get(link.teamId) !== 'MANAGER') roles.set(link.teamId, link.teamRole);
    }
    // The secondary goes first: its memberships and the unique e-mail must not outlive it.
    await tx.update(admins).set({ memberId: primary.id }).where(eq(admins.memberId, secondary.id));
    await tx.update(candidates).set({ memberId: primary.id }).where(eq(candidates.memberId, secondary.id));
    await tx.delete(members).where(eq(members.id, secondary.id));
    await tx.delete(teamMemberships).where(eq(teamMemberships.memberId, primary.id));
    if (roles.size) {
      await tx
        .insert(teamMemberships)
        .values([...roles].map(([teamId, teamRole]) => ({ memberId: primary.id, teamId, teamRole })));
    }
    await tx
      .update(members)
      .set({
        name: primary.name || secondary.name,
        externalIds,
        userId: primary.userId ?? secondary.userId,
        isArchived,
        hasLicense: !isArchived && (primary.hasLicense || secondary.hasLicense),
      })
      .where(eq(members.id, primary.id));
  });
  const [merged] = await ctx.db.select().from(members).where(eq(members.id, primary.id));
  return (await toMembers(ctx, [merged], actor))[0];
}
