import {
  billingTexts,
  type CurrentPlan,
  findPlan,
  type LocalCheckout,
  type LocalPortal,
  type PlanId,
} from '@agaton/contracts';
import { localBillingSessions, users } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { activate, columnsOf, settle, stateOf, toCurrentPlan } from './plan-rules.ts';

type SessionRow = typeof localBillingSessions.$inferSelect;

/**
 * The embedded provider's checkout and portal (docs/decisions/014-billing.md): pages of the SPA that
 * read their session by id. Only the coach who opened a session may use it; anyone else gets 404.
 */
async function sessionOf(
  ctx: AppContext,
  options: { userId: string; id: string; kind: SessionRow['kind'] },
): Promise<SessionRow> {
  const [row] = await ctx.db
    .select()
    .from(localBillingSessions)
    .where(
      and(
        eq(localBillingSessions.id, options.id),
        eq(localBillingSessions.userId, options.userId),
        eq(localBillingSessions.kind, options.kind),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const expired = (row: SessionRow, now: Date) => !row.completedAt && row.expiresAt <= now;

/** GET /billing/local/checkout/{id} */
export async function getLocalCheckout(
  ctx: AppContext,
  options: { userId: string; id: string },
): Promise<LocalCheckout> {
  const row = await sessionOf(ctx, { ...options, kind: 'checkout' });
  const plan = findPlan(row.planId ?? undefined);
  if (!plan || plan.priceEuros === null) throw new AppError('NOT_FOUND');
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
  return {
    id: row.id,
    status: row.completedAt ? 'complete' : expired(row, new Date()) ? 'expired' : 'open',
    planId: plan.id,
    planName: plan.name,
    priceEuros: plan.priceEuros,
    priceUnit: plan.priceUnit,
    monthlyRecordingMinutes: plan.monthlyRecordingMinutes,
    email: user?.email ?? '',
    cancelUrl: row.cancelUrl ?? '',
  };
}

/**
 * POST /billing/local/checkout/{id}/pay: there is no payment network, so paying activates the plan
 * at once for a month with its allowance. Paying twice is harmless: the second answer is the same.
 */
export async function payLocalCheckout(
  ctx: AppContext,
  options: { userId: string; id: string },
): Promise<{ redirectUrl: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(localBillingSessions)
      .where(
        and(
          eq(localBillingSessions.id, options.id),
          eq(localBillingSessions.userId, options.userId),
          eq(localBillingSessions.kind, 'checkout'),
        ),
      )
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.completedAt) return { redirectUrl: row.successUrl };
    const now = new Date();
    if (expired(row, now)) throw new AppError('CONFLICT', billingTexts.checkoutExpired);
    const [user] = await tx.select().from(users).where(eq(users.id, options.userId)).for('update');
    if (!user) throw new AppError('UNAUTHENTICATED');
    const state = settle(stateOf(user), now);
    if (state.status === 'ACTIVE') throw new AppError('CONFLICT', billingTexts.alreadySubscribed);
    const next = activate(state, { planId: row.planId as PlanId, provider: 'local', now });
    await tx.update(users).set(columnsOf(next)).where(eq(users.id, user.id));
    await tx
      .update(localBillingSessions)
      .set({ completedAt: now })
      .where(eq(localBillingSessions.id, row.id));
    return { redirectUrl: row.successUrl };
  });
}

/** GET /billing/local/portal/{id} */
export async function getLocalPortal(
  ctx: AppContext,
  options: { userId: string; id: string },
): Promise<LocalPortal> {
  const row = await sessionOf(ctx, { ...options, kind: 'portal' });
  if (expired(row, new Date())) throw new AppError('CONFLICT', billingTexts.portalExpired);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, options.userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  return { id: row.id, returnUrl: row.successUrl, email: user.email, plan: toCurrentPlan(user, 'local') };
}

/**
 * POST /billing/local/portal/{id}/cancel and /resume: a cancel takes effect at the end of the paid
 * period (recording goes on until then); resume undoes it while the period runs.
 */
export async function changeLocalSubscription(
  ctx: AppContext,
  options: { userId: string; id: string; action: 'cancel' | 'resume' },
): Promise<CurrentPlan> {
  const row = await sessionOf(ctx, { ...options, kind: 'portal' });
  const now = new Date();
  if (expired(row, now)) throw new AppError('CONFLICT', billingTexts.portalExpired);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, options.userId)).for('update');
    if (!user) throw new AppError('UNAUTHENTICATED');
    const state = settle(stateOf(user), now);
    if (state.status !== 'ACTIVE' || state.provider !== 'local') {
      throw new AppError('CONFLICT', billingTexts.noSubscription);
    }
    const next = { ...state, cancelAtPeriodEnd: options.action === 'cancel' };
    const [saved] = await tx.update(users).set(columnsOf(next)).where(eq(users.id, user.id)).returning();
    return toCurrentPlan(saved, 'local', now);
  });
}
