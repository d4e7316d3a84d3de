import '@testing-library/jest-dom/vitest';
import { billingTexts } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { plan, stubApi } from '../api/billing-fixtures.test-helper';
import { SubscribeRedirect } from './subscribe-redirect';

function PlanRoute() {
  return <SubscribeRedirect planId={useParams().plan} />;
}

function openPlan(plan: string) {
  const router = createMemoryRouter(
    [
      { path: '/coach/plans/:plan', element: <PlanRoute /> },
      { path: '/coach/pricing', element: <p>pricing page</p> },
      { path: '/coach/checkout', element: <p>checkout page</p> },
      { path: '/coach/subscription', element: <p>portal page</p> },
    ],
    { initialEntries: [`/coach/plans/${plan}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const origin = window.location.origin;

describe('subscribe page', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('sends an unknown plan, and one sold by sales, to pricing', async () => {
    stubApi({});
    openPlan('gold');
    expect(await screen.findByText('pricing page')).toBeInTheDocument();
    cleanup();
    openPlan('english-learning-app');
    expect(await screen.findByText('pricing page')).toBeInTheDocument();
  });

  it('opens checkout during the trial, with success and cancel URLs on this app', async () => {
    const calls = stubApi({
      'POST /billing/refresh': { status: 200, body: plan('TRIALING') },
      'POST /billing/checkout-session': {
        status: 200,
        body: { checkoutUrl: `${origin}/coach/checkout?session=cs_local_1` },
      },
    });
    const router = openPlan('record-meeting');
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?session=cs_local_1');
    expect(calls.find((c) => c.path === '/billing/checkout-session')?.body).toEqual({
      planId: 'record-meeting',
      priceId: 'record-meeting-monthly',
      successUrl: `${origin}/coach/upgrade-success`,
      cancelUrl: `${origin}/coach/pricing`,
    });
  });

  it('opens the customer portal when the subscription is active', async () => {
    const calls = stubApi({
      'POST /billing/refresh': { status: 200, body: plan('ACTIVE') },
      'POST /billing/customer-portal-session': {
        status: 200,
        body: { portalUrl: `${origin}/coach/subscription?session=bps_local_1` },
      },
    });
    openPlan('record-meeting');
    expect(await screen.findByText('portal page')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/billing/checkout-session')).toBe(false);
  });

  it("shows 'Failed to subscribe' with 'Go to pricing' on a failure or a missing link", async () => {
    stubApi({
      'POST /billing/refresh': { status: 200, body: plan('TRIALING') },
      'POST /billing/checkout-session': { status: 200, body: { checkoutUrl: '' } },
    });
    openPlan('record-meeting');
    expect(await screen.findByText(billingTexts.subscribeFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: billingTexts.goToPricing }));
    expect(await screen.findByText('pricing page')).toBeInTheDocument();
    cleanup();
    stubApi({ 'POST /billing/refresh': { status: 500, body: {} } });
    openPlan('record-meeting');
    expect(await screen.findByText(billingTexts.subscribeFailed)).toBeInTheDocument();
  });
});

describe('contact sales form', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  function openForm() {
    const onClose = vi.fn();
    const client = new QueryClient();
    render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={client}>
          <ContactSalesModal
            opened
            onClose={onClose}
            email="casey@example.com"
            name="Casey"
            planName="English Test"
            auth="user"
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    return onClose;
  }

  it('sends email, name and message, then thanks the sender', async () => {
    const calls = stubApi({ 'POST /contact-sales': { status: 204 } });
    const onClose = openForm();
    expect(await screen.findByLabelText('Message')).toHaveValue(
      'I would like to know more about English Test.\n',
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Forty licences, please.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(billingTexts.contactSuccess)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/contact-sales',
      body: { email: 'casey@example.com', name: 'Casey', message: 'Forty licences, please.' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'An error occured.' when sending fails, and checks the fields first", async () => {
    const calls = stubApi({ 'POST /contact-sales': { status: 500, body: {} } });
    openForm();
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(billingTexts.contactFailure)).toBeInTheDocument();
  });
});
