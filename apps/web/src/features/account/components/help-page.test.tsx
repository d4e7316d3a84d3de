import '@testing-library/jest-dom/vitest';
import { type Admin, TRIAL_GRANTS } from '@agaton/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_SALES_LABELS } from '../../../components/ui/contact-sales-modal';
import { paths } from '../../../config/paths';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import { HELP_SECTIONS } from '../help-content';
import { HelpPage } from './help-page';

const access = { haveAccess: true, status: 'subscription-active' as const };
const ADMIN = {
  id: 'a',
  name: 'Avery Admin',
  email: 'admin@agaton.local',
  organizationInfo: { id: 'o', name: 'Demo', industry: null, department: null, managedTeams: [] },
  productAccess: { aiCoach: access, recruitment: access, onboarding: access, training: access },
  availablePositions: [],
  enabledFeatures: [],
} satisfies Admin;

function open() {
  const router = renderRoutes(paths.dashboardHelp.href(), {
    [paths.dashboardHelp.path]: <HelpPage admin={ADMIN} />,
    '*': LANDED,
  });
  return { router, user: userEvent.setup() };
}

beforeEach(() => installDomShims());
afterEach(() => cleanup());

describe('Help', () => {
  it('shows every section with the trial facts from the contracts', () => {
    open();
    for (const section of HELP_SECTIONS) {
      expect(screen.getByRole('heading', { name: section.title })).toBeInTheDocument();
    }
    expect(screen.getByText(new RegExp(`free trial of ${TRIAL_GRANTS.days} days`))).toBeInTheDocument();
  });

  it('links to the pages that do the work', async () => {
    const { router, user } = open();
    await user.click(screen.getByRole('link', { name: 'Go to the English Test' }));
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboardTest.href());
  });

  it('opens the contact-sales form prefilled with the admin', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Contact us' }));
    expect(await screen.findByRole('dialog', { name: CONTACT_SALES_LABELS.title })).toBeInTheDocument();
    expect(screen.getByDisplayValue('admin@agaton.local')).toBeInTheDocument();
  });
});
