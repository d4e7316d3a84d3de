import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';

/** Same-site paths open inside the app; anything else leaves it in a new tab. */
function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (href?.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const components: Components = {
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
};

/**
 * Markdown (learning articles, chat answers) as React elements. Raw HTML in the markdown is dropped
 * (`skipHtml`), and the tree is sanitised (GitHub's schema: no scripts, no event handlers, no
 * javascript: URLs) before rendering, so nothing in the text can run in the reader's session.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <ReactMarkdown skipHtml rehypePlugins={[rehypeSanitize]} components={components}>
      {children}
    </ReactMarkdown>
  );
}
