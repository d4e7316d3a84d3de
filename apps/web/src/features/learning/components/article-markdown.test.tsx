import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafeMarkdown } from '../../../components/ui/safe-markdown';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { renderAt, stubApi, thArticle } from '../api/learning-fixtures.test-helper';
import { ArticlePage } from './article-page';

declare global {
  // Set by any injected script that manages to run.
  var pwned: boolean | undefined;
}

const HOSTILE = [
  'Intro with **bold** text.',
  '',
  '<script>window.pwned = true</script>',
  '',
  '<img src="x" onerror="window.pwned = true">',
  '',
  'Inline <img src=x onerror="window.pwned=true"> and <b onclick="window.pwned=true">html</b>.',
  '',
  '<iframe src="https://example.com"></iframe>',
  '',
  '[a javascript link](javascript:window.pwned=true) and [a data link](data:text/html;base64,PHNjcmlwdD4=)',
  '',
  '![an image](javascript:window.pwned=true)',
  '',
  '<a href="javascript:window.pwned=true">raw link</a>',
  '',
  '[an outside page](https://example.com/guide)',
].join('\n');

function renderMarkdown(markdown: string) {
  const router = createMemoryRouter([{ path: '/', element: <SafeMarkdown>{markdown}</SafeMarkdown> }]);
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  ).container;
}

describe('article markdown is rendered safely', () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
    globalThis.pwned = undefined;
  });

  it('renders markdown but never raw HTML, scripts, handlers or script URLs', async () => {
    const container = renderMarkdown(HOSTILE);
    expect(screen.getByText('bold', { selector: 'strong' })).toBeInTheDocument();
    expect(container.querySelector('script, iframe, b')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/i);
    }
    for (const element of container.querySelectorAll('[href], [src]')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    // The raw HTML is not even shown as text.
    expect(container.textContent).not.toContain('onerror');
    expect(container.textContent).not.toContain('<script>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(globalThis.pwned).toBeUndefined();
  });

  it('keeps plain links: outside pages open in a new tab without access to the app', () => {
    renderMarkdown(HOSTILE);
    const outside = screen.getByRole('link', { name: 'an outside page' });
    expect(outside).toHaveAttribute('href', 'https://example.com/guide');
    expect(outside).toHaveAttribute('target', '_blank');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('sanitises an article that arrives from the API with HTML in it', async () => {
    stubApi({
      '/articles/the-two-th-sounds': {
        status: 200,
        body: {
          ...thArticle,
          content: `${HOSTILE}\n\n## Practise aloud\n\n1. <img src=x onerror="window.pwned=true"> Say it.`,
        },
      },
    });
    renderAt('/coach/learning/the-two-th-sounds', {
      '/coach/learning/:slug': <ArticlePage slug="the-two-th-sounds" />,
    });
    const practise = await screen.findByTestId('practise-section');
    expect(practise).toHaveTextContent('Say it.');
    const content = screen.getByTestId('article-content');
    expect(content.querySelector('script, iframe, img[onerror], [onclick]')).toBeNull();
    // The only image had a script URL: it is left with no source at all.
    expect(content.querySelectorAll('img[src]')).toHaveLength(0);
    expect(globalThis.pwned).toBeUndefined();
  });
});
