import {
  billingTexts,
  currentPlanSchema,
  localCheckoutSchema,
  localPortalSchema,
  RECORD_MEETING_MONTHLY_MINUTES,
  userSchema,
} from '@agaton/contracts';
import { localBillingSessions, users } from '@agaton/db';
import { buildAdmin, buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

const APP = 'http://agaton.test';
const checkoutBody = {
  planId: 'record-meeting',
  priceId: 'record-meeting-monthly',
  successUrl: `${APP}/coach/upgrade-success`,
  cancelUrl: `${APP}/coach/pricing`,
};
const DAY = 86_400_000;

describe('billing with the embedded provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function coach(over: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t.db, over);
    const token = (await signIn(t.app, user.email, 'Agaton123')).accessToken;
    return { user, token };
  }
  const plan = async (token: string) => {
    const res = await call(t.app, 'GET', '/api/billing/current-plan', { token });
    expect(res.statusCode, res.body).toBe(200);
    return currentPlanSchema.parse(res.json());
  };
  const me = async (token: string) =>
    userSchema.parse((await call(t.app, 'GET', '/api/app-user/me', { token })).json()).plan;
  const sessionIdOf = (url: string) => new URL(url).searchParams.get('session') ?? '';

  async function subscribe(token: string) {
    const res = await call(t.app, 'POST', '/api/billing/checkout-session', { token, body: checkoutBody });
    expect(res.statusCode, res.body).toBe(200);
    const id = sessionIdOf(res.json().checkoutUrl);
    const paid = await call(t.app, 'POST', `/api/billing/local/checkout/${id}/pay`, { token });
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  }
  async function portal(token: string) {
    const res = await call(t.app, 'POST', '/api/billing/customer-portal-session', {
      token,
      body: { returnUrl: `${APP}/coach/pricing` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().portalUrl as string;
  }

  it('answers 401 without a token and 403 to an admin', async () => {
    const admin = await buildAdmin(t.db);
    const adminToken = (await signIn(t.app, admin.email, 'Agaton123', 'whiskey-admin')).accessToken;
    const routes = [
      ['GET', '/api/billing/current-plan', undefined],
      ['POST', '/api/billing/checkout-session', checkoutBody],
      ['POST', '/api/billing/customer-portal-session', { returnUrl: `${APP}/coach/pricing` }],
      ['POST', '/api/billing/refresh', undefined],
      ['GET', '/api/billing/local/checkout/cs_local_x', undefined],
      ['POST', '/api/billing/local/portal/bps_local_x/cancel', undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method, url, { body })).statusCode, url).toBe(401);
      expect((await call(t.app, method, url, { body, token: adminToken })).statusCode, url).toBe(403);
    }
  });

  it('shows a new coach the 7-day trial with 100 minutes, and the ended trial after it', async () => {
    const { user, token } = await coach();
    const current = await plan(token);
    expect(current).toMatchObject({
      provider: 'local',
      subscription: { status: 'TRIALING', planId: null, cancelAtPeriodEnd: false, currentPeriodEnd: null },
      features: { recording: { availableRecordingMinutes: 100, monthlyAllowance: null } },
    });
    const trialStart = Date.parse(current.subscription.trialStart ?? '');
    expect(Date.parse(current.subscription.trialEnd ?? '')).toBe(trialStart + 7 * DAY);

    await t.db
      .update(users)
      .set({ trialStart: new Date(Date.now() - 7 * DAY - 1000) })
      .where(eq(users.id, user.id));
    expect(await plan(token)).toMatchObject({
      subscription: { status: 'CANCELED' },
      features: { recording: { availableRecordingMinutes: 0 } },
    });
    expect((await me(token)).subscription.status).toBe('CANCELED');
  });

  it('trial → ACTIVE through the local checkout, → cancelled at period end → resumed → CANCELED', async () => {
    const { user, token } = await coach();
    const start = await call(t.app, 'POST', '/api/billing/checkout-session', { token, body: checkoutBody });
    expect(start.statusCode, start.body).toBe(200);
    const checkoutUrl = new URL(start.json().checkoutUrl);
    expect(`${checkoutUrl.origin}${checkoutUrl.pathname}`).toBe(`${APP}/coach/checkout`);
    const id = sessionIdOf(checkoutUrl.href);

    const page = localCheckoutSchema.parse(
      (await call(t.app, 'GET', `/api/billing/local/checkout/${id}`, { token })).json(),
    );
    expect(page).toMatchObject({
      status: 'open',
      planName: 'Record Meeting',
      priceEuros: 100,
      email: user.email,
      cancelUrl: checkoutBody.cancelUrl,
    });
    const stranger = await coach();
    expect(
      (await call(t.app, 'GET', `/api/billing/local/checkout/${id}`, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/billing/local/checkout/${id}/pay`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);

    const paid = await call(t.app, 'POST', `/api/billing/local/checkout/${id}/pay`, { token });
    expect(paid.json()).toEqual({ redirectUrl: checkoutBody.successUrl });
    const active = await plan(token);
    expect(active).toMatchObject({
      subscription: { status: 'ACTIVE', planId: 'record-meeting', cancelAtPeriodEnd: false },
      features: {
        recording: {
          availableRecordingMinutes: RECORD_MEETING_MONTHLY_MINUTES,
          monthlyAllowance: RECORD_MEETING_MONTHLY_MINUTES,
        },
      },
    });
    const periodEnd = Date.parse(active.subscription.currentPeriodEnd ?? '');
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * DAY);
    expect(periodEnd - Date.now()).toBeLessThan(32 * DAY);
    expect((await me(token)).subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });

    // Paying twice answers the same; a second checkout while active is refused.
    const again = await call(t.app, 'POST', `/api/billing/local/checkout/${id}/pay`, { token });
    expect(again.json()).toEqual({ redirectUrl: checkoutBody.successUrl });
    const twice = await call(t.app, 'POST', '/api/billing/checkout-session', { token, body: checkoutBody });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(billingTexts.alreadySubscribed);

    const portalUrl = new URL(await portal(token));
    expect(`${portalUrl.origin}${portalUrl.pathname}`).toBe(`${APP}/coach/subscription`);
    const portalId = sessionIdOf(portalUrl.href);
    const view = localPortalSchema.parse(
      (await call(t.app, 'GET', `/api/billing/local/portal/${portalId}`, { token })).json(),
    );
    expect(view).toMatchObject({
      returnUrl: `${APP}/coach/pricing`,
      plan: { subscription: { status: 'ACTIVE' } },
    });
    expect(
      (await call(t.app, 'GET', `/api/billing/local/portal/${portalId}`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);

    const cancelled = await call(t.app, 'POST', `/api/billing/local/portal/${portalId}/cancel`, { token });
    expect(currentPlanSchema.parse(cancelled.json()).subscription).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
    });
    expect((await me(token)).subscription.cancelAtPeriodEnd).toBe(true);
    const resumed = await call(t.app, 'POST', `/api/billing/local/portal/${portalId}/resume`, { token });
    expect(currentPlanSchema.parse(resumed.json()).subscription.cancelAtPeriodEnd).toBe(false);

    await call(t.app, 'POST', `/api/billing/local/portal/${portalId}/cancel`, { token });
    await t.db
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect(await plan(token)).toMatchObject({
      subscription: { status: 'CANCELED', planId: 'record-meeting', cancelAtPeriodEnd: false },
      features: { recording: { availableRecordingMinutes: 0 } },
    });
    const late = await call(t.app, 'POST', `/api/billing/local/portal/${portalId}/resume`, { token });
    expect(late.statusCode).toBe(409);

    // Subscribing again after the end works like the first time.
    await subscribe(token);
    expect((await plan(token)).subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });
  });

  it('renews the allowance when a new period begins', async () => {
    const { user, token } = await coach();
    await subscribe(token);
    await t.db
      .update(users)
      .set({
        availableRecordingMinutes: 12,
        currentPeriodStart: new Date(Date.now() - 31 * DAY),
        currentPeriodEnd: new Date(Date.now() - 60_000),
      })
      .where(eq(users.id, user.id));
    const renewed = await plan(token);
    expect(renewed.features.recording.availableRecordingMinutes).toBe(RECORD_MEETING_MONTHLY_MINUTES);
    expect(Date.parse(renewed.subscription.currentPeriodEnd ?? '')).toBeGreaterThan(Date.now() + 27 * DAY);
  });

  it('refuses URLs that leave the app, foreign prices and plans sold by sales', async () => {
    const { token } = await coach();
    const refused = async (body: object, url = '/api/billing/checkout-session') => {
      const res = await call(t.app, 'POST', url, { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().error.message as string;
    };
    for (const successUrl of [
      'https://evil.example/coach/upgrade-success',
      'http://agaton.test@evil.example/',
      'http://agaton.test.evil.example/',
      'https://agaton.test/coach',
      'javascript:alert(1)',
      '/coach/upgrade-success',
    ]) {
      await refused({ ...checkoutBody, successUrl });
    }
    expect(await refused({ ...checkoutBody, cancelUrl: 'http://evil.example/' })).toContain(
      billingTexts.notOnThisApp,
    );
    expect(await refused({ ...checkoutBody, priceId: 'price_other' })).toBe(billingTexts.unknownPrice);
    expect(await refused({ ...checkoutBody, planId: 'english-learning-app', priceId: 'x' })).toBe(
      billingTexts.notForSale,
    );
    expect(
      await refused({ returnUrl: 'https://evil.example/' }, '/api/billing/customer-portal-session'),
    ).toContain(billingTexts.notOnThisApp);
  });

  it('has no portal before a paid plan, expires old checkouts and has no webhook', async () => {
    const { user, token } = await coach();
    const res = await call(t.app, 'POST', '/api/billing/customer-portal-session', {
      token,
      body: { returnUrl: `${APP}/coach/pricing` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(billingTexts.noSubscription);

    const started = await call(t.app, 'POST', '/api/billing/checkout-session', { token, body: checkoutBody });
    const id = sessionIdOf(started.json().checkoutUrl);
    await t.db
      .update(localBillingSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localBillingSessions.id, id));
    const view = await call(t.app, 'GET', `/api/billing/local/checkout/${id}`, { token });
    expect(view.json().status).toBe('expired');
    const pay = await call(t.app, 'POST', `/api/billing/local/checkout/${id}/pay`, { token });
    expect(pay.statusCode).toBe(409);
    expect((await plan(token)).subscription.status).toBe('TRIALING');
    expect(user.planStatus).toBe('TRIALING');

    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1"}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
