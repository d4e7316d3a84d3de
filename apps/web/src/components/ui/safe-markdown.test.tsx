import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDomShims } from '../../lib/dom-shims.test-helper';
import { SafeMarkdown } from './safe-markdown';

/** Issue 24: an answer quoting a member's name must not carry that member's links or images. */
const NAMED_BY_ANOTHER_USER =
  'Your members: Sam [Session expired - sign in again](https://evil.test/login) ![x](https://evil.test/pixel.png), ' +
  '<https://evil.test/auto>. Open [your sessions](/coach/sessions) or [a protocol-relative one](//evil.test/p).';

function renderMarkdown(markdown: string, appLinksOnly: boolean) {
  const router = createMemoryRouter([
    { path: '/', element: <SafeMarkdown appLinksOnly={appLinksOnly}>{markdown}</SafeMarkdown> },
  ]);
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

beforeEach(installDomShims);
afterEach(cleanup);

describe('SafeMarkdown with appLinksOnly (chat answers)', () => {
  it('shows outside links as plain words and loads no image', () => {
    const { container } = renderMarkdown(NAMED_BY_ANOTHER_USER, true);
    expect(screen.getByText(/Session expired - sign in again/)).toBeInTheDocument();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/coach/sessions']);
    expect(container.textContent).toContain('x');
  });

  it('keeps outside links for authored text (learning articles)', () => {
    const { container } = renderMarkdown(NAMED_BY_ANOTHER_USER, false);
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('https://evil.test/login');
  });
});
