import { billingTexts, type PlanId } from '@agaton/contracts';
import { billingCustomers, type Database } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import {
  type BillingProvider,
  type BillingUser,
  type CheckoutRequest,
  type PortalRequest,
  type SubscriptionSnapshot,
  type WebhookEvent,
  WebhookSignatureError,
} from './billing-provider.ts';

export interface StripeBillingOptions {
  secretKey: string;
  /** Signing secret of the webhook endpoint (whsec_…). */
  webhookSecret: string;
  /** Stripe price id of each plan sold by checkout. */
  prices: Partial<Record<PlanId, string>>;
  /** Another address for the API (a proxy, or a server on loopback in tests). */
  apiUrl?: string;
}

/** Subscription statuses that keep the plan, and those that end it (Stripe's Subscription.status). */
const RUNNING_PAID = new Set(['active', 'trialing']);
const RUNNING_UNPAID = new Set(['past_due']);
const OVER = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const seconds = (value: number) => new Date(value * 1000);
const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null);

/**
 * Stripe through its SDK: Checkout Sessions in subscription mode with the configured price, the
 * Customer Portal for cancel and resume, and webhooks verified with the endpoint secret. Every event
 * reads the subscription again, so the order in which Stripe delivers events does not matter.
 */
export class StripeBilling implements BillingProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Database,
    private readonly options: StripeBillingOptions,
  ) {
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'http:' ? 'http' : 'https',
      }),
    });
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<string> {
    const price = this.options.prices[request.planId];
    if (!price) throw new AppError('VALIDATION', billingTexts.notForSale);
    const customer = await this.customerFor(request.user);
    const metadata = { userId: request.user.id, planId: request.planId };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: request.user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      subscription_data: { metadata },
    });
    if (!session.url) throw new AppError('INTERNAL');
    return session.url;
  }

  async createPortalSession(request: PortalRequest): Promise<string> {
    const customer = await this.storedCustomer(request.user.id);
    if (!customer) throw new AppError('CONFLICT', billingTexts.noSubscription);
    const session = await this.stripe.billingPortal.sessions.create({
      customer,
      return_url: request.returnUrl,
    });
    return session.url;
  }

  async fetchSubscription(userId: string): Promise<SubscriptionSnapshot | null> {
    const customer = await this.storedCustomer(userId);
    if (!customer) return null;
    const list = await this.stripe.subscriptions.list({ customer, status: 'all', limit: 10 });
    // The running one if any, else the newest (a customer may have an old cancelled one too).
    const ranked = [...list.data].sort(
      (a, b) => Number(!OVER.has(a.status)) - Number(!OVER.has(b.status)) || a.created - b.created,
    );
    const chosen = ranked.at(-1);
    return chosen ? this.snapshotOf(chosen) : null;
  }

  async verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent> {
    if (!signature) throw new WebhookSignatureError('missing Stripe-Signature');
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    return {
      id: event.id,
      type: event.type,
      object: event.data.object as unknown as Record<string, unknown>,
    };
  }

  async subscriptionForEvent(event: WebhookEvent): Promise<SubscriptionSnapshot | null> {
    const object = event.object;
    let subscriptionId: string | null = null;
    if (event.type === 'checkout.session.completed' && object.mode === 'subscription') {
      subscriptionId = idOf(object.subscription);
      const userId = (object.client_reference_id as string | null) ?? null;
      const customer = idOf(object.customer);
      if (userId && customer) await this.linkCustomer(userId, customer);
    } else if (event.type.startsWith('customer.subscription.')) {
      subscriptionId = idOf(object.id);
    } else if (event.type.startsWith('invoice.')) {
      const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
      subscriptionId = idOf(parent?.subscription_details?.subscription ?? object.subscription);
    }
    if (!subscriptionId) return null;
    return this.snapshotOf(await this.stripe.subscriptions.retrieve(subscriptionId));
  }

  /** Normalises a Stripe subscription (periods live on its items since API version 2025-03-31). */
  private async snapshotOf(subscription: Stripe.Subscription): Promise<SubscriptionSnapshot | null> {
    const item = subscription.items.data[0];
    if (!item) return null;
    const planId =
      (Object.entries(this.options.prices).find(([, price]) => price === item.price.id)?.[0] as
        | PlanId
        | undefined) ?? (subscription.metadata?.planId as PlanId | undefined);
    if (!planId) return null;
    const customerId = idOf(subscription.customer) ?? '';
    let userId = await this.userForCustomer(customerId);
    const claimed = subscription.metadata?.userId;
    if (!userId && claimed) {
      await this.linkCustomer(claimed, customerId);
      userId = await this.userForCustomer(customerId);
    }
    const status = RUNNING_PAID.has(subscription.status)
      ? 'ACTIVE'
      : RUNNING_UNPAID.has(subscription.status)
        ? 'ACTIVE_UNPAID'
        : OVER.has(subscription.status)
          ? 'CANCELED'
          : null;
    const periodEnd = seconds(item.current_period_end);
    return {
      provider: 'stripe',
      userId,
      customerId,
      subscriptionId: subscription.id,
      planId,
      status,
      periodStart: seconds(item.current_period_start),
      // The portal may cancel with cancel_at (a date) instead of cancel_at_period_end.
      periodEnd: subscription.cancel_at
        ? seconds(Math.min(subscription.cancel_at, item.current_period_end))
        : periodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      endedAt: subscription.ended_at ? seconds(subscription.ended_at) : null,
    };
  }

  /** The user's Stripe customer, created once (an idempotency key stops a double click making two). */
  private async customerFor(user: BillingUser): Promise<string> {
    const stored = await this.storedCustomer(user.id);
    if (stored) return stored;
    const customer = await this.stripe.customers.create(
      { email: user.email, name: user.name || undefined, metadata: { userId: user.id } },
      { idempotencyKey: `agaton-customer-${user.id}` },
    );
    await this.linkCustomer(user.id, customer.id);
    return (await this.storedCustomer(user.id)) ?? customer.id;
  }

  private async storedCustomer(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, 'stripe')));
    return row?.customerId ?? null;
  }

  private async userForCustomer(customerId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.provider, 'stripe'), eq(billingCustomers.customerId, customerId)));
    return row?.userId ?? null;
  }

  /** Remembers the user's customer; the first link wins, so a forged metadata cannot move it. */
  private async linkCustomer(userId: string, customerId: string) {
    if (!UUID.test(userId)) return;
    await this.db
      .insert(billingCustomers)
      .values({ userId, provider: 'stripe', customerId })
      .onConflictDoNothing();
  }
}
