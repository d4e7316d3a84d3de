import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** A page other routes land on in tests, showing that navigation left the page under test. */
export const LANDED = <p data-testid="landed">landed</p>;

/**
 * Renders router patterns → elements in memory at `path`, inside Mantine and a fresh query cache
 * (no retries), as the app does; returns the router so tests can read where it went.
 */
export function renderRoutes(path: string, routes: Record<string, ReactNode>) {
  const router = createMemoryRouter(
    Object.entries(routes).map(([pattern, element]) => ({ path: pattern, element })),
    { initialEntries: [path] },
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
