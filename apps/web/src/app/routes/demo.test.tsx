import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../lib/dom-shims.test-helper';
import { installFakeMedia } from '../../lib/recorder/fake-media.test-helper';
import { DemoRoute } from './demo';

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/demo/:companyName?', element: <DemoRoute /> },
      { path: '/free-speech-demo/:companyName?', element: <DemoRoute /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

// A shared, loaded machine can make Mantine renders slow: allow more than the default 5 s.
describe('demo routes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    installFakeMedia();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('redirects an unknown company to the base route', async () => {
    const router = open('/demo/acme-unknown');
    expect(await screen.findByText('Sentence 1 of 6')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo');
    expect(screen.queryByTestId('company-wordmark')).not.toBeInTheDocument();
  });

  it('brands a known company with its wordmark and its reading set', async () => {
    open('/demo/volition%20capital');
    expect(await screen.findByTestId('company-wordmark')).toHaveTextContent('Volition Capital');
    expect(screen.getByTestId('reading-sentence')).toHaveTextContent(
      'The founders showed us a clear plan for next year.',
    );
  });

  it('runs topics only, unbranded, on the free-speech routes and mode key', async () => {
    open('/free-speech-demo');
    expect(await screen.findByText('Topic 1 of 3')).toBeInTheDocument();
    cleanup();
    open('/demo/free-speech');
    expect(await screen.findByText('Topic 1 of 3')).toBeInTheDocument();
    expect(screen.queryByTestId('company-wordmark')).not.toBeInTheDocument();
  });

  it('starts the full demo with reading for the reading-and-free-speech mode', async () => {
    open('/demo/reading-and-free-speech');
    expect(await screen.findByText('Sentence 1 of 6')).toBeInTheDocument();
    expect(screen.queryByTestId('company-wordmark')).not.toBeInTheDocument();
  });
});
