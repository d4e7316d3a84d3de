import '@testing-library/jest-dom/vitest';
import { billingTexts } from '@agaton/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import { plan, stubApi } from '../api/billing-fixtures.test-helper';
import { BILLING_LABELS } from '../texts';
import { LocalPortal } from './local-portal';
import { UpgradeSuccess } from './upgrade-success';

// Issue 28: the billing pages say what the plan really is, also when opened directly.

const openSuccess = () =>
  renderRoutes('/coach/upgrade-success', { '/coach/upgrade-success': <UpgradeSuccess />, '*': LANDED });
const openSubscription = () =>
  renderRoutes('/coach/subscription', { '/coach/subscription': <LocalPortal sessionId="" />, '*': LANDED });

describe('billing pages reflect the plan', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('upgrade success says the account was upgraded once the provider has the plan active', async () => {
    const calls = stubApi({
      'POST /billing/refresh': { status: 200, body: plan('ACTIVE') },
      'GET /billing/current-plan': { status: 200, body: plan('ACTIVE') },
    });
    const router = openSuccess();
    expect(await screen.findByRole('heading', { name: billingTexts.upgradedTitle })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/billing/refresh')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: billingTexts.openApp }));
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coach/assistant');
  });

  it('upgrade success opened during the trial says the plan is not active, what there is, and checks again', async () => {
    const calls = stubApi({
      'POST /billing/refresh': { status: 200, body: plan('TRIALING') },
      'GET /billing/current-plan': { status: 200, body: plan('TRIALING') },
    });
    openSuccess();
    expect(await screen.findByRole('heading', { name: BILLING_LABELS.notActiveTitle })).toBeInTheDocument();
    expect(screen.queryByText(billingTexts.upgradedTitle)).not.toBeInTheDocument();
    expect(screen.queryByText(billingTexts.upgradedBody)).not.toBeInTheDocument();
    expect(screen.getByTestId('plan-now')).toHaveTextContent(
      '100 free recording minutes left, until 8 November 2026.',
    );
    expect(screen.getByRole('link', { name: billingTexts.goToPricing })).toHaveAttribute(
      'href',
      '/coach/pricing',
    );
    const refreshes = () => calls.filter((c) => c.path === '/billing/refresh').length;
    const before = refreshes();
    fireEvent.click(screen.getByRole('button', { name: BILLING_LABELS.checkAgain }));
    await vi.waitFor(() => expect(refreshes()).toBe(before + 1));
  });

  it('the subscription page without a portal session shows the trial, with the way to upgrade', async () => {
    stubApi({ 'GET /billing/current-plan': { status: 200, body: plan('TRIALING') } });
    openSubscription();
    expect(await screen.findByTestId('plan-detail')).toHaveTextContent('100 free recording minutes left');
    expect(screen.queryByText(billingTexts.subscribeFailed)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: billingTexts.upgrade })).toHaveAttribute(
      'href',
      '/coach/pricing',
    );
  });

  it('the subscription page without a portal session shows an active plan, with the way to manage it', async () => {
    stubApi({ 'GET /billing/current-plan': { status: 200, body: plan('ACTIVE') } });
    openSubscription();
    expect(await screen.findByTestId('plan-detail')).toHaveTextContent('Renews on 29 December 2026.');
    expect(screen.getByRole('link', { name: BILLING_LABELS.managePlan })).toHaveAttribute(
      'href',
      '/coach/plans/record-meeting',
    );
  });
});
