import { randomBytes } from 'node:crypto';
import { findPlan } from '@agaton/contracts';
import { type Database, localBillingSessions } from '@agaton/db';
import { AppError } from '../../lib/app-error.ts';
import type {
  BillingProvider,
  CheckoutRequest,
  PortalRequest,
  SubscriptionSnapshot,
  WebhookEvent,
} from './billing-provider.ts';

/** SPA pages of the embedded provider (apps/web/src/config/paths.ts: coachCheckout, coachSubscription). */
export const LOCAL_PAGES = { checkout: '/coach/checkout', portal: '/coach/subscription' } as const;

/** A checkout page stays payable for a day (as Stripe's do); a portal link for an hour. */
export const LOCAL_SESSION_TTL_MS = { checkout: 24 * 3_600_000, portal: 3_600_000 } as const;

const sessionId = (prefix: string) => `${prefix}_local_${randomBytes(18).toString('base64url')}`;

/**
 * Embedded provider: no payment network. Checkout and portal are pages of this app that read their
 * session from the database; paying activates the plan at once (modules/billing/local-billing.ts).
 * Nothing happens outside the database, so there is nothing to fetch and no webhook.
 */
export class LocalBilling implements BillingProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
  ) {}

  async createCheckoutSession(request: CheckoutRequest): Promise<string> {
    const plan = findPlan(request.planId);
    const id = sessionId('cs');
    await this.db.insert(localBillingSessions).values({
      id,
      userId: request.user.id,
      kind: 'checkout',
      planId: request.planId,
      priceId: plan?.priceId ?? null,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: new Date(Date.now() + LOCAL_SESSION_TTL_MS.checkout),
    });
    return `${this.publicUrl}${LOCAL_PAGES.checkout}?${new URLSearchParams({ session: id })}`;
  }

  async createPortalSession(request: PortalRequest): Promise<string> {
    const id = sessionId('bps');
    await this.db.insert(localBillingSessions).values({
      id,
      userId: request.user.id,
      kind: 'portal',
      successUrl: request.returnUrl,
      expiresAt: new Date(Date.now() + LOCAL_SESSION_TTL_MS.portal),
    });
    return `${this.publicUrl}${LOCAL_PAGES.portal}?${new URLSearchParams({ session: id })}`;
  }

  async fetchSubscription(): Promise<SubscriptionSnapshot | null> {
    return null;
  }

  async verifyWebhook(): Promise<WebhookEvent> {
    throw new AppError('NOT_FOUND');
  }

  async subscriptionForEvent(): Promise<SubscriptionSnapshot | null> {
    return null;
  }
}
