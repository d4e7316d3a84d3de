import type { BillingProviderName, PlanId } from '@agaton/contracts';

/** The coach a checkout or portal is opened for. */
export interface BillingUser {
  id: string;
  email: string;
  name: string;
}

export interface CheckoutRequest {
  user: BillingUser;
  planId: PlanId;
  /** Absolute URLs on the app (checked by the caller). */
  successUrl: string;
  cancelUrl: string;
}

export interface PortalRequest {
  user: BillingUser;
  returnUrl: string;
}

/** The provider's view of a subscription, normalised (docs/decisions/014-billing.md). */
export interface SubscriptionSnapshot {
  provider: BillingProviderName;
  /** Our user, found through the stored customer or the subscription's metadata; null if unknown. */
  userId: string | null;
  customerId: string;
  subscriptionId: string;
  planId: PlanId;
  /**
   * ACTIVE: paid and running; ACTIVE_UNPAID: running while a renewal payment is retried (keeps the
   * plan, grants no new minutes); CANCELED: over; null: not started yet (first payment pending).
   */
  status: 'ACTIVE' | 'ACTIVE_UNPAID' | 'CANCELED' | null;
  periodStart: Date;
  /** End of the current period, or the cancellation date when the subscription is set to end. */
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** A webhook delivery whose signature was verified. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** The event's object, as the provider sent it. */
  object: Record<string, unknown>;
}

/** Thrown by verifyWebhook for a delivery that is not signed with the endpoint's secret. */
export class WebhookSignatureError extends Error {}

/**
 * Where coaches pay. The embedded default keeps everything in this app (its checkout and portal are
 * pages of the SPA); Stripe hosts them and reports changes through signed webhooks.
 */
export interface BillingProvider {
  readonly name: BillingProviderName;
  /** URL of a checkout page for the plan's price. */
  createCheckoutSession(request: CheckoutRequest): Promise<string>;
  /** URL of the page where the coach cancels or resumes the subscription. */
  createPortalSession(request: PortalRequest): Promise<string>;
  /** The subscription the provider holds for the user now, or null (the local provider holds none). */
  fetchSubscription(userId: string): Promise<SubscriptionSnapshot | null>;
  /** Verifies a webhook delivery against the endpoint secret; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent>;
  /** The subscription an event is about, read fresh from the provider; null for other events. */
  subscriptionForEvent(event: WebhookEvent): Promise<SubscriptionSnapshot | null>;
}
