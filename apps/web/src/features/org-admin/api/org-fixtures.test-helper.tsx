import type { Admin, Member } from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';

export const ORG_ID = '0a000000-0000-4000-8000-000000000001';
export const SALES = { id: '5a1e5000-0000-4000-8000-000000000001', name: 'Sales' };
export const SUPPORT = { id: '5a1e5000-0000-4000-8000-000000000002', name: 'Support' };

export function admin(overrides: Partial<Admin> = {}): Admin {
  const access = { haveAccess: true, status: 'subscription-active' as const };
  return {
    id: 'ad000000-0000-4000-8000-000000000001',
    name: 'Avery Admin',
    email: 'admin@agaton.local',
    organizationInfo: {
      id: ORG_ID,
      name: 'Agaton Demo Co',
      industry: 'Technology',
      department: 'Sales B2B',
      managedTeams: [SALES, SUPPORT],
    },
    productAccess: { aiCoach: access, recruitment: access, onboarding: access, training: access },
    availablePositions: [],
    enabledFeatures: ['USER_MANAGEMENT'],
    role: 'OWNER',
    ...overrides,
  };
}

export function member(overrides: Partial<Member> = {}): Member {
  return {
    astridIdentityId: '3e000000-0000-4000-8000-000000000001',
    externalIds: [],
    name: 'Sam Seller',
    email: 'sam@agaton.local',
    teams: [{ teamId: SALES.id, teamName: SALES.name, teamRole: 'REGULAR_MEMBER' }],
    orgRole: 'REGULAR_MEMBER',
    hasLicense: true,
    isArchived: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export type Call = { method: string; path: string; body?: unknown };
export type Reply = { status: number; body?: unknown };

/**
 * Answers the page's HTTP calls at the network boundary (`fetch`), keyed "METHOD /path" without
 * /api, and records them; anything unlisted answers 404.
 */
export function stubOrgApi(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  tokenStorage.set('admin', { accessToken: 'admin-token' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const call: Call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: {} });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders `ui` with toasts inside the app's providers. */
export function renderOrg(ui: ReactNode) {
  return renderRoutes('/dashboard/assistant', {
    '/dashboard/assistant': (
      <>
        <Notifications />
        {ui}
      </>
    ),
    '*': LANDED,
  });
}
