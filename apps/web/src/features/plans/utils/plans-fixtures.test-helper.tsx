import type { Admin, ProductAccess, ProductAccessEntry } from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';

const available: ProductAccessEntry = { haveAccess: false, status: 'trial-available' };

/** An owner of a new workspace (every trial available), with `access` overriding some products. */
export function admin(access: Partial<ProductAccess> = {}): Admin {
  return {
    id: 'ad000000-0000-4000-8000-000000000009',
    name: 'Nell Newcomer',
    email: 'nell@newco.example',
    organizationInfo: {
      id: '0a000000-0000-4000-8000-000000000009',
      name: 'Newco',
      industry: 'Technology',
      department: 'Sales B2B',
      managedTeams: [],
    },
    productAccess: {
      aiCoach: available,
      recruitment: { ...available, testsLeftCount: 0 },
      onboarding: available,
      training: { ...available, maxUserCount: 0 },
      ...access,
    },
    availablePositions: ['Sales representative'],
    enabledFeatures: [],
    role: 'OWNER',
  };
}

export type Reply = { status: number; body?: unknown };
export type Call = { method: string; path: string; body?: unknown };

/** A scripted API keyed by 'METHOD /path', signed in as an admin; records every call with its body. */
export function stubApi(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  tokenStorage.set('admin', { accessToken: 'admin-token' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '');
      const call: Call = {
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${path}`];
      const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: {} });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders `ui` at `path` with toasts; the product pages it may open render LANDED. */
export function renderAt(path: string, ui: ReactNode) {
  return renderRoutes(path, {
    [path]: (
      <>
        <Notifications />
        {ui}
      </>
    ),
    '*': LANDED,
  });
}
