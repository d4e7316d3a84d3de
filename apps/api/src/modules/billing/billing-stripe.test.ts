import { billingTexts, currentPlanSchema, RECORD_MEETING_MONTHLY_MINUTES } from '@agaton/contracts';
import { billingEvents, users } from '@agaton/db';
import { buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { StripeWireServer } from '../../providers/billing/stripe-wire.test-helper.ts';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

const APP = 'http://agaton.test';
const KEY = 'sk_test_agaton';
const SECRET = 'whsec_agaton_test_secret';
const PRICE = 'price_record_meeting_monthly';
const checkoutBody = {
  planId: 'record-meeting',
  priceId: 'record-meeting-monthly',
  successUrl: `${APP}/coach/upgrade-success`,
  cancelUrl: `${APP}/coach/pricing`,
};

describe('billing with Stripe (its wire format on loopback)', () => {
  let t: TestApp;
  let stripe: StripeWireServer;

  beforeAll(async () => {
    stripe = new StripeWireServer(KEY, SECRET);
    await stripe.start();
    t = await createTestApp({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_RECORD_MEETING: PRICE,
      STRIPE_API_URL: stripe.url,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.stop();
  });

  async function coach() {
    const user = await buildUser(t.db, { firstName: 'Robin', lastName: 'Reed' });
    const token = (await signIn(t.app, user.email, 'Agaton123')).accessToken;
    return { user, token };
  }
  const plan = async (token: string) =>
    currentPlanSchema.parse((await call(t.app, 'GET', '/api/billing/current-plan', { token })).json());
  const deliver = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
      payload: event.payload,
    });
  async function checkout(token: string) {
    const res = await call(t.app, 'POST', '/api/billing/checkout-session', { token, body: checkoutBody });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().checkoutUrl as string;
    return url.split('/').at(-1) ?? '';
  }

  it('refuses to start without the Stripe settings, naming each', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/agaton-billing-config', BILLING_PROVIDER: 'stripe' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: '/tmp/agaton-billing-config',
        BILLING_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: KEY,
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required[\s\S]*STRIPE_PRICE_RECORD_MEETING: required/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/agaton-billing-config', BILLING_PROVIDER: 'paypal' })).toThrow(
      /BILLING_PROVIDER: must be local or stripe/,
    );
  });

  it('opens a Checkout Session for the configured price with one customer per coach', async () => {
    const { user, token } = await coach();
    const sessionId = await checkout(token);
    expect(sessionId).toMatch(/^cs_test_/);
    const [customer] = stripe.calls('POST', '/v1/customers');
    expect(customer).toMatchObject({
      apiKey: KEY,
      form: { email: user.email, name: 'Robin Reed', 'metadata[userId]': user.id },
    });
    expect(customer.idempotencyKey).toBe(`agaton-customer-${user.id}`);
    const created = stripe.calls('POST', '/v1/checkout/sessions').at(-1);
    expect(created?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      success_url: checkoutBody.successUrl,
      cancel_url: checkoutBody.cancelUrl,
      client_reference_id: user.id,
      'metadata[planId]': 'record-meeting',
      'subscription_data[metadata][userId]': user.id,
    });
    await checkout(token);
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(1);
    // No subscription yet: nothing to manage.
    const portal = await call(t.app, 'POST', '/api/billing/customer-portal-session', {
      token,
      body: { returnUrl: `${APP}/coach/pricing` },
    });
    expect(portal.statusCode).toBe(409);
    const evil = await call(t.app, 'POST', '/api/billing/checkout-session', {
      token,
      body: { ...checkoutBody, successUrl: 'https://evil.example/' },
    });
    expect(evil.statusCode).toBe(400);
  });

  it('trial → ACTIVE on checkout.session.completed, a replay processed once, a wrong signature refused', async () => {
    const { user, token } = await coach();
    const paid = stripe.completeCheckout(await checkout(token));

    const forged = await deliver({ ...paid, signature: stripe.event('x', {}, 'whsec_other').signature });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(billingTexts.badSignature);
    const tampered = await deliver({ ...paid, payload: paid.payload.replace('"paid"', '"unpaid"') });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: paid.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await plan(token)).subscription.status).toBe('TRIALING');

    const reads = () => stripe.calls('GET', /^\/v1\/subscriptions\//).length;
    const before = reads();
    const first = await deliver(paid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(reads()).toBe(before + 1);
    const active = await plan(token);
    expect(active).toMatchObject({
      provider: 'stripe',
      subscription: { status: 'ACTIVE', planId: 'record-meeting', cancelAtPeriodEnd: false },
      features: { recording: { availableRecordingMinutes: RECORD_MEETING_MONTHLY_MINUTES } },
    });

    // Minutes used, then the same delivery again: acknowledged, not processed, minutes untouched.
    await t.db.update(users).set({ availableRecordingMinutes: 700 }).where(eq(users.id, user.id));
    const replay = await deliver(paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(reads()).toBe(before + 1);
    expect((await plan(token)).features.recording.availableRecordingMinutes).toBe(700);
    const rows = await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, paid.id));
    expect(rows).toHaveLength(1);
  });

  it('renews the allowance on a new period, cancels at period end in the portal, resumes, then ends', async () => {
    const { user, token } = await coach();
    await deliver(stripe.completeCheckout(await checkout(token)));
    const subscriptionId = [...stripe.subscriptions.values()].find(
      (s) => s.metadata && (s.metadata as { userId?: string }).userId === user.id,
    )?.id as string;
    const firstEnd = (await plan(token)).subscription.currentPeriodEnd;

    await t.db.update(users).set({ availableRecordingMinutes: 15 }).where(eq(users.id, user.id));
    const sameperiod = await deliver(stripe.updateSubscription(subscriptionId, {}));
    expect(sameperiod.statusCode).toBe(200);
    expect((await plan(token)).features.recording.availableRecordingMinutes).toBe(15);
    await deliver(stripe.updateSubscription(subscriptionId, { renew: true }));
    const renewed = await plan(token);
    expect(renewed.features.recording.availableRecordingMinutes).toBe(RECORD_MEETING_MONTHLY_MINUTES);
    expect(Date.parse(renewed.subscription.currentPeriodEnd ?? '')).toBeGreaterThan(
      Date.parse(firstEnd ?? ''),
    );

    const portal = await call(t.app, 'POST', '/api/billing/customer-portal-session', {
      token,
      body: { returnUrl: `${APP}/coach/pricing` },
    });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().portalUrl).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
    expect(stripe.calls('POST', '/v1/billing_portal/sessions').at(-1)?.form).toMatchObject({
      return_url: `${APP}/coach/pricing`,
    });

    await deliver(stripe.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true }));
    expect((await plan(token)).subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true });
    await deliver(stripe.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false }));
    expect((await plan(token)).subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });

    await deliver(stripe.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true }));
    await deliver(
      stripe.updateSubscription(subscriptionId, { status: 'canceled' }, 'customer.subscription.deleted'),
    );
    expect(await plan(token)).toMatchObject({
      subscription: { status: 'CANCELED', planId: 'record-meeting' },
      features: { recording: { availableRecordingMinutes: 0 } },
    });
    const me = await call(t.app, 'GET', '/api/app-user/me', { token });
    expect(me.json().plan.subscription.status).toBe('CANCELED');
  });

  it('reads the subscription on refresh, before any webhook arrives', async () => {
    const { token } = await coach();
    stripe.completeCheckout(await checkout(token));
    expect((await plan(token)).subscription.status).toBe('TRIALING');
    const refreshed = await call(t.app, 'POST', '/api/billing/refresh', { token });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(currentPlanSchema.parse(refreshed.json())).toMatchObject({
      subscription: { status: 'ACTIVE' },
      features: { recording: { availableRecordingMinutes: RECORD_MEETING_MONTHLY_MINUTES } },
    });
    expect(stripe.calls('GET', '/v1/subscriptions').at(-1)?.query.get('status')).toBe('all');
    // Paid at Stripe, webhook late: a second checkout is refused rather than sold twice.
    const other = await coach();
    stripe.completeCheckout(await checkout(other.token));
    const again = await call(t.app, 'POST', '/api/billing/checkout-session', {
      token: other.token,
      body: checkoutBody,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(billingTexts.alreadySubscribed);
    // The embedded provider's pages do not exist with Stripe.
    expect((await call(t.app, 'GET', '/api/billing/local/checkout/cs_local_x', { token })).statusCode).toBe(
      404,
    );
  });

  it('acknowledges events it does not act on', async () => {
    const res = await deliver(
      stripe.event('invoice.upcoming', { id: 'in_1', object: 'invoice', parent: null }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().duplicate).toBe(false);
  });
});
