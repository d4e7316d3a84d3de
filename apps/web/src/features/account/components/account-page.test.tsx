import '@testing-library/jest-dom/vitest';
import { ACCOUNT_TEXTS, type Admin, messages } from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { renderRoutes } from '../../../lib/render-routes.test-helper';
import { ACCOUNT_LABELS as L } from '../texts';
import { AccountPage } from './account-page';

const access = { haveAccess: true, status: 'subscription-active' as const };
const ADMIN: Admin = {
  id: 'ad000000-0000-4000-8000-000000000001',
  name: 'Avery Admin',
  email: 'admin@agaton.local',
  organizationInfo: {
    id: '0a000000-0000-4000-8000-000000000001',
    name: 'Agaton Demo Co',
    industry: 'Technology',
    department: 'Sales B2B',
    managedTeams: [],
  },
  productAccess: { aiCoach: access, recruitment: access, onboarding: access, training: access },
  availablePositions: [],
  enabledFeatures: [],
  role: 'OWNER',
};

type Call = { method: string; path: string; body: unknown };

/** The network boundary only: answers per "METHOD /path" and records what the page sent. */
function serve(replies: Record<string, { status: number; body: unknown }>) {
  tokenStorage.set('admin', { accessToken: 'admin-token' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[`${method} ${path}`] ?? { status: 404, body: {} };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function open(hasPassword: boolean, replies: Record<string, { status: number; body: unknown }> = {}) {
  const calls = serve({ 'GET /admin/account': { status: 200, body: { hasPassword } }, ...replies });
  renderRoutes('/dashboard/settings', {
    '/dashboard/settings': (
      <>
        <Notifications />
        <AccountPage admin={ADMIN} />
      </>
    ),
  });
  return { calls, user: userEvent.setup() };
}

const section = (title: string) => screen.getByRole('region', { name: title });
const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

beforeEach(() => installDomShims());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear('admin');
});

describe('My Account forms', () => {
  it('refuses an empty name and saves a new one with a toast', async () => {
    const { calls, user } = open(true, {
      'PUT /admin': { status: 200, body: { ...ADMIN, name: 'Avery Jones' } },
    });
    const name = screen.getByLabelText(L.name);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: L.saveName }));
    expect(await within(section(L.profile)).findByText(messages.validation.required)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.type(name, 'Avery Jones');
    await user.click(screen.getByRole('button', { name: L.saveName }));
    expect(await screen.findByText(ACCOUNT_TEXTS.nameSaved)).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'PUT', path: '/admin', body: { name: 'Avery Jones' } }]);
  });

  it('checks the e-mail and the current password before sending, then shows the API refusal', async () => {
    const { calls, user } = open(true, {
      'PUT /admin/email': {
        status: 409,
        body: { error: { code: 'USERNAME_ALREADY_TAKEN', message: messages.signUp.usernameAlreadyTaken } },
      },
    });
    const email = await screen.findByLabelText(L.newEmail);
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: L.saveEmail }));
    expect(await screen.findByText(messages.validation.invalidEmail)).toBeInTheDocument();
    expect(within(section(L.signInEmail)).getByText(messages.validation.required)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.clear(email);
    await user.type(email, 'taken@agaton.local');
    await user.type(within(section(L.signInEmail)).getByLabelText(L.currentPassword), 'Demo1234');
    await user.click(screen.getByRole('button', { name: L.saveEmail }));
    expect(await screen.findByText(messages.signUp.usernameAlreadyTaken)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/admin/email',
        body: { email: 'taken@agaton.local', currentPassword: 'Demo1234' },
      },
    ]);
  });

  it('holds a weak or mismatched new password, then stores the fresh session it is answered', async () => {
    const { calls, user } = open(true, {
      'PUT /admin/password': {
        status: 200,
        body: {
          accessToken: 'fresh-access',
          refreshToken: 'fresh-refresh',
          accessTokenExpiresInSeconds: 900,
        },
      },
    });
    await screen.findByRole('button', { name: L.savePassword });
    const box = within(section(L.password));
    await user.type(box.getByLabelText(L.currentPassword), 'Demo1234');
    await user.type(box.getByLabelText(L.newPassword), 'weak');
    await user.type(box.getByLabelText(L.confirmPassword), 'other');
    await user.click(screen.getByRole('button', { name: L.savePassword }));
    expect(await box.findByText(messages.validation.passwordRule)).toBeInTheDocument();
    expect(box.getByText(L.passwordsDiffer)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.clear(box.getByLabelText(L.newPassword));
    await user.type(box.getByLabelText(L.newPassword), 'Brand-new-pass9');
    await user.clear(box.getByLabelText(L.confirmPassword));
    await user.type(box.getByLabelText(L.confirmPassword), 'Brand-new-pass9');
    await user.click(screen.getByRole('button', { name: L.savePassword }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordSaved)).toBeInTheDocument();
    expect(tokenStorage.get('admin')).toMatchObject({
      accessToken: 'fresh-access',
      refreshToken: 'fresh-refresh',
    });
  });

  it('tells a social-only admin why e-mail and password cannot change here', async () => {
    open(false);
    expect(await screen.findAllByText(ACCOUNT_TEXTS.noPassword)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: L.saveEmail })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: L.savePassword })).not.toBeInTheDocument();
  });
});
