import { type LicenceSummary, PLAN_TEXTS } from '@agaton/contracts';
import { type Database, members, organisations, type Transaction } from '@agaton/db';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';

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

/** The licence cards of the organisation (licences are bought by it, so managers see the same). */
export async function licenceSummary(ctx: AppContext, orgId: string): Promise<LicenceSummary> {
  const { used, max } = await licenceUsage(ctx.db, orgId);
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
