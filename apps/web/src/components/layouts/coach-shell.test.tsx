import '@testing-library/jest-dom/vitest';
import type { User } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../lib/dom-shims.test-helper';
import { CoachShell } from './coach-shell';

const baseUser: User = {
  id: 'u1',
  email: 'casey@example.com',
  firstName: 'Casey',
  enabledFeatures: [],
  goals: [],
  plan: {
    subscription: { trialStart: '2026-11-01T00:00:00Z', status: 'TRIALING' },
    features: { recording: { availableRecordingMinutes: 37 } },
  },
};

function renderShell(user: User, onLogout = vi.fn(), onEditGoals?: () => void) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <CoachShell user={user} onLogout={onLogout} onEditGoals={onEditGoals}>
            <p>page</p>
          </CoachShell>
        ),
      },
    ],
    { initialEntries: ['/coach/sessions'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return onLogout;
}

beforeEach(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('coach shell', () => {
  it('shows the user block and the free minutes left during the trial', () => {
    const onLogout = renderShell(baseUser);
    expect(screen.getByTestId('user-block')).toHaveTextContent('Casey');
    expect(screen.getByTestId('user-block')).toHaveTextContent('casey@example.com');
    expect(screen.getByText('Free trial: 37 recording minutes left.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('gates chat and Record Meeting by feature', () => {
    renderShell(baseUser);
    expect(screen.queryByRole('link', { name: 'Ask Agaton' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Record Meeting' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/coach/sessions');
    expect(screen.getByRole('link', { name: 'Coaching' })).toHaveAttribute('href', '/coach/coaching-reports');
    cleanup();
    renderShell({ ...baseUser, enabledFeatures: ['DEVELOPMENT', 'WEB_APP_RECORDING'] });
    expect(screen.getByRole('link', { name: 'Ask Agaton' })).toHaveAttribute('href', '/coach/ask-agaton');
    expect(screen.getByRole('link', { name: 'Record Meeting' })).toHaveAttribute('href', '/coach/assistant');
  });

  it('says the free trial has ended after a cancelled trial and offers Upgrade', () => {
    renderShell({
      ...baseUser,
      plan: { ...baseUser.plan, subscription: { trialStart: '2026-10-01T00:00:00Z', status: 'CANCELED' } },
    });
    expect(screen.getByText('Your free trial has ended.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/coach/pricing');
  });

  it("opens 'Your goals' from the menu on the user's name", async () => {
    const onEditGoals = vi.fn();
    renderShell(baseUser, vi.fn(), onEditGoals);
    fireEvent.click(screen.getByRole('button', { name: /Account menu$/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Your goals' }));
    expect(onEditGoals).toHaveBeenCalledOnce();
  });
});
