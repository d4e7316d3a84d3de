import type { CurrentPlan } from '@agaton/contracts';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';

type Reply = { status: number; body?: unknown };
type Call = { method: string; path: string; body: unknown };

/** The API at the network boundary, signed in as a coach: replies by method and path; records what was sent. */
export function stubApi(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  tokenStorage.set('user', { accessToken: 'coach-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = routes[`${method} ${path}`] ?? { status: 404, body: {} };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
  return calls;
}

/** A coach's plan: a trial (100 minutes left), an active Record Meeting plan, or a cancelled one. */
export const plan = (status: CurrentPlan['subscription']['status']): CurrentPlan => ({
  subscription: {
    trialStart: '2026-11-01T00:00:00.000Z',
    status,
    trialEnd: '2026-11-08T00:00:00.000Z',
    planId: status === 'ACTIVE' ? 'record-meeting' : null,
    currentPeriodEnd: status === 'ACTIVE' ? '2026-12-29T00:00:00.000Z' : null,
    cancelAtPeriodEnd: false,
  },
  features: {
    recording: {
      availableRecordingMinutes: status === 'ACTIVE' ? 1200 : 100,
      monthlyAllowance: status === 'ACTIVE' ? 1200 : null,
    },
  },
  provider: 'local',
});
