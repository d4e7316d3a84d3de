import { billingTexts, type CheckoutSessionRequest, type CurrentPlan, findPlan } from '@agaton/contracts';
import { billingCustomers, billingEvents, type Database, users } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type {
  BillingProvider,
  BillingUser,
  SubscriptionSnapshot,
} from '../../providers/billing/billing-provider.ts';
import { WebhookSignatureError } from '../../providers/billing/billing-provider.ts';
import { applySnapshot, columnsOf, settle, stateOf, toCurrentPlan } from './plan-rules.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Options every billing service takes: the app context and the configured provider. */
export interface BillingDeps {
  ctx: AppContext;
  provider: BillingProvider;
}

async function userRow(db: Database | Tx, userId: string, lock = false) {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}

function billingUser(row: typeof users.$inferSelect): BillingUser {
  return { id: row.id, email: row.email, name: [row.firstName, row.lastName].filter(Boolean).join(' ') };
}

/**
 * Refuses URLs that leave the app: checkout and portal pages send the browser to them, so anything
 * else would be an open redirect (docs/decisions/014-billing.md).
 */
export function assertAppUrl(ctx: AppContext, value: string, field: string) {
  const origin = new URL(ctx.config.PUBLIC_URL).origin;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL('invalid:');
  }
  if (url.origin !== origin) {
    throw new AppError('VALIDATION', `${field}: ${billingTexts.notOnThisApp}`, {
      details: [{ path: field, message: billingTexts.notOnThisApp }],
    });
  }
}

/** GET /billing/current-plan */
export async function getCurrentPlan(deps: BillingDeps, options: { userId: string }): Promise<CurrentPlan> {
  return toCurrentPlan(await userRow(deps.ctx.db, options.userId), deps.provider.name);
}

/** POST /billing/checkout-session: a checkout for a plan sold by checkout, unless one is running. */
export async function startCheckout(
  deps: BillingDeps,
  options: { userId: string; request: CheckoutSessionRequest },
): Promise<string> {
  const { ctx, provider } = deps;
  const { request } = options;
  const plan = findPlan(request.planId);
  if (plan?.action !== 'checkout') throw new AppError('VALIDATION', billingTexts.notForSale);
  if (request.priceId !== plan.priceId) throw new AppError('VALIDATION', billingTexts.unknownPrice);
  assertAppUrl(ctx, request.successUrl, 'successUrl');
  assertAppUrl(ctx, request.cancelUrl, 'cancelUrl');
  // Stripe may hold a subscription whose webhook has not arrived yet: never sell it twice.
  if (provider.name !== 'local') await refreshPlan(deps, { userId: options.userId });
  const row = await userRow(ctx.db, options.userId);
  if (settle(stateOf(row), new Date()).status === 'ACTIVE') {
    throw new AppError('CONFLICT', billingTexts.alreadySubscribed);
  }
  return provider.createCheckoutSession({
    user: billingUser(row),
    planId: plan.id,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
  });
}

/** POST /billing/customer-portal-session: where a paying coach cancels or resumes. */
export async function openPortal(
  deps: BillingDeps,
  options: { userId: string; returnUrl: string },
): Promise<string> {
  const { ctx, provider } = deps;
  assertAppUrl(ctx, options.returnUrl, 'returnUrl');
  const row = await userRow(ctx.db, options.userId);
  if (!row.planId) throw new AppError('CONFLICT', billingTexts.noSubscription);
  return provider.createPortalSession({ user: billingUser(row), returnUrl: options.returnUrl });
}

/** Writes a provider's subscription into the user's plan (row locked, so charges wait for it). */
async function applyToUser(tx: Tx, snapshot: SubscriptionSnapshot & { userId: string }) {
  const row = await userRow(tx, snapshot.userId, true);
  const next = applySnapshot(stateOf(row), snapshot, new Date());
  await tx.update(users).set(columnsOf(next)).where(eq(users.id, row.id));
  await tx
    .update(billingCustomers)
    .set({ subscriptionId: snapshot.subscriptionId, updatedAt: new Date() })
    .where(eq(billingCustomers.userId, row.id));
}

/**
 * POST /billing/refresh: reads the subscription from the provider again (the upgrade success page
 * calls it, so a coach back from Stripe sees the plan before the webhook arrives).
 */
export async function refreshPlan(deps: BillingDeps, options: { userId: string }): Promise<CurrentPlan> {
  const snapshot = await deps.provider.fetchSubscription(options.userId);
  if (snapshot) {
    await deps.ctx.db.transaction((tx) => applyToUser(tx, { ...snapshot, userId: options.userId }));
  }
  return getCurrentPlan(deps, options);
}

/**
 * POST /billing/webhook: verified by signature (400 otherwise); each event id is processed once, a
 * replay is acknowledged without effect. The event id is recorded in the same transaction as its
 * effect, so a failure leaves it unrecorded and the provider's retry processes it again.
 */
export async function receiveWebhook(
  deps: BillingDeps,
  options: { rawBody: Buffer; signature: string | undefined },
): Promise<{ received: true; duplicate: boolean }> {
  const { ctx, provider } = deps;
  let event: Awaited<ReturnType<BillingProvider['verifyWebhook']>>;
  try {
    event = await provider.verifyWebhook(options.rawBody, options.signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('VALIDATION', billingTexts.badSignature);
    throw error;
  }
  const [seen] = await ctx.db
    .select({ id: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider.name), eq(billingEvents.eventId, event.id)));
  if (seen) return { received: true, duplicate: true };
  const snapshot = await provider.subscriptionForEvent(event);
  const processed = await ctx.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(billingEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.eventId });
    if (!recorded) return false;
    if (snapshot?.userId) await applyToUser(tx, { ...snapshot, userId: snapshot.userId });
    else if (snapshot) ctx.log.warn({ event: event.id }, 'billing event for a customer of no known user');
    return true;
  });
  return { received: true, duplicate: !processed };
}
