import '@testing-library/jest-dom/vitest';
import { billingTexts, type LimitKind, PLAN_TEXTS } from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../lib/dom-shims.test-helper';
import { renderRoutes } from '../../lib/render-routes.test-helper';
import { CONTACT_SALES_LABELS } from './contact-sales-modal';
import { LIMIT_LABELS, LimitModal } from './limit-modal';
import { UpgradeModal } from './upgrade-modal';
import { UPGRADE_LABELS } from './upgrade-texts';

const contact = { email: 'nell@newco.example', name: 'Nell Newcomer' };

/** The contact-sales endpoint answering `status`; returns the bodies it received. */
function stubContactSales(status: number) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/contact-sales') {
        bodies.push(JSON.parse(String(init?.body)));
      }
      return new Response(status === 204 ? null : JSON.stringify({ error: { code: 'X', message: 'x' } }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

const show = (ui: React.ReactNode) =>
  renderRoutes('/', {
    '/': (
      <>
        <Notifications />
        {ui}
      </>
    ),
  });

beforeEach(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('limit-reached modal', { timeout: 30_000 }, () => {
  it.each([
    ['users', PLAN_TEXTS.limitUsers, PLAN_TEXTS.needMoreUsers],
    ['tests', PLAN_TEXTS.limitTests, PLAN_TEXTS.needMoreTests],
    ['licenses', PLAN_TEXTS.limitLicenses, PLAN_TEXTS.needMoreUsers],
  ] as [LimitKind, string, string][])('%s: the spec title and plan prompt', (kind, title, prompt) => {
    show(<LimitModal opened kind={kind} onClose={() => {}} contact={contact} />);
    const modal = screen.getByRole('dialog', { name: title });
    expect(within(modal).getByText(prompt)).toBeInTheDocument();
    for (const label of Object.values(LIMIT_LABELS)) {
      expect(within(modal).getByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('Contact us sends the contact form and thanks; a failure says so', async () => {
    const bodies = stubContactSales(204);
    const onClose = vi.fn();
    show(
      <LimitModal opened kind="users" onClose={onClose} contact={contact} planName="English Learning App" />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: LIMIT_LABELS.contactUs }));
    const form = await screen.findByRole('dialog', { name: CONTACT_SALES_LABELS.title });
    expect(within(form).getByLabelText('Email')).toHaveValue(contact.email);
    await user.click(within(form).getByRole('button', { name: CONTACT_SALES_LABELS.send }));
    expect(await screen.findByText(billingTexts.contactSuccess)).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        email: contact.email,
        name: contact.name,
        message: expect.stringContaining('English Learning App'),
      }),
    ]);
    expect(onClose).toHaveBeenCalled();
    cleanup();

    stubContactSales(500);
    show(<LimitModal opened kind="tests" onClose={() => {}} contact={contact} />);
    await user.click(screen.getByRole('button', { name: LIMIT_LABELS.contactUs }));
    const again = await screen.findByRole('dialog', { name: CONTACT_SALES_LABELS.title });
    await user.type(within(again).getByLabelText('Message'), 'We need more tests.');
    await user.click(within(again).getByRole('button', { name: CONTACT_SALES_LABELS.send }));
    expect(await screen.findByText(billingTexts.contactFailure)).toBeInTheDocument();
  });

  it('Compare plans opens the upgrade modal in its place', async () => {
    show(<LimitModal opened kind="licenses" onClose={() => {}} contact={contact} />);
    await userEvent.setup().click(screen.getByRole('button', { name: LIMIT_LABELS.comparePlans }));
    expect(await screen.findByRole('dialog', { name: UPGRADE_LABELS.title })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: PLAN_TEXTS.limitLicenses })).not.toBeInTheDocument(),
    );
  });
});

describe('upgrade modal', { timeout: 30_000 }, () => {
  it('shows the three plans with their prices, each with Contact us for that plan', async () => {
    const bodies = stubContactSales(204);
    show(<UpgradeModal opened onClose={() => {}} contact={contact} />);
    const card = (id: string) => screen.getByTestId(`plan-card-${id}`);
    expect(card('record-meeting')).toHaveTextContent('Record Meeting');
    expect(card('record-meeting')).toHaveTextContent('€100 per licence per month');
    expect(card('english-test')).toHaveTextContent('€10 per test');
    expect(card('english-learning-app')).toHaveTextContent(UPGRADE_LABELS.priceOnRequest);
    const user = userEvent.setup();
    await user.click(within(card('english-test')).getByRole('button', { name: /Contact us/ }));
    const form = await screen.findByRole('dialog', { name: CONTACT_SALES_LABELS.title });
    expect(within(form).getByLabelText('Message')).toHaveValue(
      'I would like to know more about English Test.\n',
    );
    await user.click(within(form).getByRole('button', { name: CONTACT_SALES_LABELS.send }));
    expect(await screen.findByText(billingTexts.contactSuccess)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });
});
