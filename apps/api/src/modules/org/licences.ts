import { type LicenceSummary, PLAN_TEXTS } from '@agaton/contracts';
import { type Database, members, organisations, type Transaction, teamMemberships } from '@agaton/db';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type { OrgActor } from '../../lib/policy.ts';

/**
 * Record Meeting licences of an organisation: a licence is a member with hasLicense who is not
 * archived; the limit is `productAccess.aiCoach.maxUserCount` (no number = no limit). Coaching
 * (hasLicense) is the Record Meeting product, so its licences are counted there, not in training.
 */
async function licenceUsage(db: Database | Transaction, orgId: string, lock = false) {
  const org = db
    .select({ access: organisations.productAccess })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const [row] = lock ? await org.for('update') : await org;
  const [{ used }] = await db
    .select({ used: count() })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.hasLicense, true), eq(members.isArchived, false)));
  const max = row?.access?.aiCoach?.maxUserCount;
  return { used, max: max ?? null };
}

/**
 * Giving one more licence must stay within the limit: 402 'You have reached your licenses limit'. Runs
 * inside the write's transaction and locks the organisation row, so two grants at once cannot both
 * take the last licence.
 */
export async function assertLicenceLeft(tx: Transaction, orgId: string) {
  const { used, max } = await licenceUsage(tx, orgId, true);
  if (max !== null && used >= max) throw new AppError('PAYMENT_REQUIRED', PLAN_TEXTS.limitLicenses);
}

/**
 * The licence cards. An owner sees the organisation's licences and their limit. A manager sees the
 * users they see in the table, those of the teams they manage, and no limit: licences are bought and
 * given by owners (docs/decisions/029-manager-permissions.md).
 */
export async function licenceSummary(ctx: AppContext, actor: OrgActor): Promise<LicenceSummary> {
  if (actor.teamScope) return teamsSummary(ctx, actor.orgId, actor.teamScope);
  const { used, max } = await licenceUsage(ctx.db, actor.orgId);
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(members)
    .where(and(eq(members.orgId, actor.orgId), eq(members.isArchived, false)));
  return {
    scope: 'organisation',
    activeLicenses: used,
    totalUsers: total,
    maxLicenses: max,
    licensesLeft: max === null ? null : Math.max(0, max - used),
  };
}

/** Users who are not archived in any of these teams, and how many of them have a licence. */
async function teamsSummary(ctx: AppContext, orgId: string, teamIds: string[]): Promise<LicenceSummary> {
  const inTeams = teamIds.length
    ? inArray(
        members.id,
        ctx.db
          .select({ id: teamMemberships.memberId })
          .from(teamMemberships)
          .where(inArray(teamMemberships.teamId, teamIds)),
      )
    : sql`false`;
  const [{ total, licensed }] = await ctx.db
    .select({ total: count(), licensed: count(sql`case when ${members.hasLicense} then 1 end`) })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.isArchived, false), inTeams));
  return {
    scope: 'teams',
    activeLicenses: licensed,
    totalUsers: total,
    maxLicenses: null,
    licensesLeft: null,
  };
}
