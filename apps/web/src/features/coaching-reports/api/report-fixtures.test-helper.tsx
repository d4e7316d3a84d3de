import type { CoachingReport } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';

const day = (d: number) => new Date(2026, 2, d, 9, 0).toISOString();

export const periodReport: CoachingReport = {
  coachingReportId: 'r-period',
  meta: {
    type: 'PER_PERIOD',
    createdAt: day(21),
    // Weeks start on Monday 00:00 UTC.
    timePeriodStart: '2026-03-16T00:00:00.000Z',
    timePeriodEnd: '2026-03-23T00:00:00.000Z',
    sessionsAnalyzed: 3,
    averageSessionDuration: 754,
  },
  blocks: [
    { header: 'Strengths', content: ['You keep a steady pace.'] },
    { header: 'Focus next', content: ['Practise the th sound.', 'Pause before numbers.'] },
  ],
};

export const sessionReport: CoachingReport = {
  coachingReportId: 'r-session',
  meta: {
    type: 'PER_SESSION',
    createdAt: day(15),
    sessionProfileId: 's9',
    sessionTimestamp: new Date(2026, 2, 15, 10, 32).getTime() / 1000,
    sessionDuration: 3725,
  },
  blocks: [],
};

export type Reply = { status: number; body?: unknown };

/** A scripted API keyed by path and query, signed in as a coach. */
export function stubApi(routes: Record<string, Reply>) {
  tokenStorage.set('user', { accessToken: 'coach-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const reply = routes[`${url.pathname.replace(/^\/api/, '')}${url.search}`] ?? { status: 404, body: {} };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
}

export function renderAt(path: string, pattern: string, ui: ReactNode) {
  const router = createMemoryRouter([{ path: pattern, element: ui }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
