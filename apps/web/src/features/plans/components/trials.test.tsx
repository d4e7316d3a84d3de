import '@testing-library/jest-dom/vitest';
import { billingTexts, PLAN_TEXTS, PRODUCT_NAMES, TRIAL_GRANTS } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPGRADE_LABELS } from '../../../components/ui/upgrade-texts';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { PLANS_LABELS, PRODUCT_OFFERS } from '../texts';
import { admin, renderAt, stubApi } from '../utils/plans-fixtures.test-helper';
import { trialEndedKey, trialEndsText } from '../utils/trial';
import { PlanPrompt } from './plan-prompt';
import { ProductGate } from './product-gate';
import { TrialOffer } from './trial-offer';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const CONTENT = <p>English Test content</p>;

beforeEach(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clearAll();
  localStorage.clear();
});

describe('trial offer', { timeout: 30_000 }, () => {
  it('lists every product; Start free trial posts the product, the started modal opens its page', async () => {
    const started = admin({
      recruitment: { haveAccess: false, status: 'trial-active', testsLeftCount: 5, trialEndsAt: at(7 * DAY) },
    });
    const calls = stubApi({ 'POST /admin/trial/start': { status: 200, body: started } });
    const router = renderAt('/dashboard', <TrialOffer admin={admin()} />);
    for (const name of Object.values(PRODUCT_NAMES)) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: PLANS_LABELS.startTrialOf('English Test') }));
    const modal = await screen.findByRole('dialog', { name: PLANS_LABELS.startedTitle });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/admin/trial/start', body: { productToTry: 'recruitment' } },
    ]);
    expect(
      within(modal).getByText(/You can use English Test free until \d+ December 2026\./),
    ).toBeInTheDocument();
    expect(within(modal).getByText(new RegExp(PRODUCT_OFFERS.recruitment.includes))).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: PLANS_LABELS.open('English Test') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/test'));
    expect(screen.getByTestId('landed')).toBeInTheDocument();
  });

  it('says so when the trial cannot start (409) and stays on the offer', async () => {
    stubApi({
      'POST /admin/trial/start': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: PLAN_TEXTS.trialNotAvailable } },
      },
    });
    const router = renderAt('/dashboard', <TrialOffer admin={admin()} />);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: PLANS_LABELS.startTrialOf('Onboarding') }));
    expect(await screen.findByText(PLANS_LABELS.startFailed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('product gate', { timeout: 30_000 }, () => {
  it("shows the product's own trial offer instead of its content without access, then the content", async () => {
    const started = admin({
      recruitment: { haveAccess: false, status: 'trial-active', testsLeftCount: 5, trialEndsAt: at(7 * DAY) },
    });
    stubApi({ 'POST /admin/trial/start': { status: 200, body: started } });
    renderAt(
      '/dashboard/test',
      <ProductGate admin={admin()} product="recruitment" counts="tests">
        {CONTENT}
      </ProductGate>,
    );
    expect(
      screen.getByRole('heading', { name: PLANS_LABELS.productOfferTitle('English Test') }),
    ).toBeInTheDocument();
    expect(screen.queryByText('English Test content')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Start free trial/ })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: PLANS_LABELS.startTrialOf('English Test') }));
    const modal = await screen.findByRole('dialog', { name: PLANS_LABELS.startedTitle });
    await user.click(within(modal).getByRole('button', { name: PLANS_LABELS.open('English Test') }));
    expect(await screen.findByText('English Test content')).toBeInTheDocument();
  });

  it('shows the trial-ended modal once per product, remembered in local storage', async () => {
    const ended = admin({
      recruitment: { haveAccess: false, status: 'trial-ended', testsLeftCount: 0, trialEndsAt: at(-DAY) },
      training: { haveAccess: false, status: 'trial-ended', maxUserCount: 2, trialEndsAt: at(-DAY) },
    });
    const gate = (product: 'recruitment' | 'training') =>
      renderAt(
        '/dashboard/test',
        <ProductGate admin={ended} product={product} counts="tests">
          {CONTENT}
        </ProductGate>,
      );
    gate('recruitment');
    const modal = await screen.findByRole('dialog', { name: billingTexts.trialEnded });
    expect(within(modal).getByText(PLANS_LABELS.endedBody('English Test'))).toBeInTheDocument();
    expect(screen.getByText('English Test content')).toBeInTheDocument();
    expect(localStorage.getItem(trialEndedKey(ended.organizationInfo.id, 'recruitment'))).not.toBeNull();
    const user = userEvent.setup();
    await user.click(within(modal).getByRole('button', { name: PLANS_LABELS.comparePlans }));
    const plans = await screen.findByRole('dialog', { name: UPGRADE_LABELS.title });
    expect(within(plans).getAllByRole('button', { name: /^Contact us/ })).toHaveLength(3);
    cleanup();

    // A reload of the same product: not again.
    gate('recruitment');
    expect(screen.getByText('English Test content')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: billingTexts.trialEnded })).not.toBeInTheDocument();
    cleanup();

    // Another product's trial ended: its own modal, once.
    gate('training');
    const training = await screen.findByRole('dialog', { name: billingTexts.trialEnded });
    expect(within(training).getByText(PLANS_LABELS.endedBody('English Learning App'))).toBeInTheDocument();
  });

  it('does not show the trial-ended modal during a trial or a subscription', () => {
    renderAt(
      '/dashboard/test',
      <ProductGate
        admin={admin({ recruitment: { haveAccess: true, status: 'subscription-active', testsLeftCount: 3 } })}
        product="recruitment"
        counts="tests"
      >
        {CONTENT}
      </ProductGate>,
    );
    expect(screen.getByText('English Test content')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('plan prompts', () => {
  it("'Free trial ends {relative time}.' during a trial", () => {
    const trial = (ms: number) => ({
      haveAccess: false,
      status: 'trial-active' as const,
      trialEndsAt: at(ms),
    });
    expect(trialEndsText(trial(TRIAL_GRANTS.days * DAY - 5000), NOW)).toBe('Free trial ends in 7 days.');
    expect(trialEndsText(trial(DAY), NOW)).toBe('Free trial ends in a day.');
    expect(trialEndsText(trial(3 * 60 * 60 * 1000), NOW)).toBe('Free trial ends in 3 hours.');
    expect(
      trialEndsText({ haveAccess: false, status: 'trial-ended', trialEndsAt: at(-DAY) }, NOW),
    ).toBeNull();
    expect(trialEndsText({ haveAccess: true, status: 'subscription-active' }, NOW)).toBeNull();
  });

  it('shows the trial line during a trial, otherwise the tests or users prompt', () => {
    const trialing = admin({
      recruitment: { haveAccess: false, status: 'trial-active', testsLeftCount: 5, trialEndsAt: at(2 * DAY) },
    });
    renderAt('/p', <PlanPrompt admin={trialing} product="recruitment" counts="tests" now={NOW} />);
    expect(screen.getByTestId('plan-prompt')).toHaveTextContent('Free trial ends in 2 days.');
    cleanup();
    const paying = admin({
      recruitment: { haveAccess: true, status: 'subscription-active', testsLeftCount: 1 },
    });
    renderAt('/p', <PlanPrompt admin={paying} product="recruitment" counts="tests" now={NOW} />);
    expect(screen.getByTestId('plan-prompt')).toHaveTextContent(PLAN_TEXTS.needMoreTests);
    cleanup();
    const training = admin({
      training: { haveAccess: true, status: 'subscription-active', maxUserCount: 9 },
    });
    renderAt('/p', <PlanPrompt admin={training} product="training" counts="users" now={NOW} />);
    expect(screen.getByTestId('plan-prompt')).toHaveTextContent(PLAN_TEXTS.needMoreUsers);
  });
});
