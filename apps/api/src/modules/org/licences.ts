import { type LicenceSummary, PLAN_TEXTS } from '@agaton/contracts';
import { members, organisations } from '@agaton/db';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * Record Meeting licences of an organisation: a licence is a member with hasLicense who is not
 * archived; the limit is `productAccess.aiCoach.maxUserCount` (no number = no limit). Coaching
 * (hasLicense) is the Record Meeting product, so its licences are counted there, not in training.
 */
export async function licenceUsage(ctx: AppContext, orgId: string) {
  const [org] = await ctx.db
    .select({ access: organisations.productAccess })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const [{ used }] = await ctx.db
    .select({ used: count() })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.hasLicense, true), eq(members.isArchived, false)));
  const max = org?.access?.aiCoach?.maxUserCount;
  return { used, max: max ?? null };
}

/** Giving one more licence must stay within the limit: 402 'You have reached your licenses limit'. */
export async function assertLicenceLeft(ctx: AppContext, orgId: string) {
  const { used, max } = await licenceUsage(ctx, orgId);
  if (max !== null && used >= max) throw new AppError('PAYMENT_REQUIRED', PLAN_TEXTS.limitLicenses);
}

/** The licence cards of the organisation (licences are bought by it, so managers see the same). */
export async function licenceSummary(ctx: AppContext, orgId: string): Promise<LicenceSummary> {
  const { used, max } = await licenceUsage(ctx, orgId);
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.isArchived, false)));
  return {
    activeLicenses: used,
    totalUsers: total,
    maxLicenses: max,
    licensesLeft: max === null ? null : Math.max(0, max - used),
  };
}
