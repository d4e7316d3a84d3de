import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';

const isAppPath = (href: string | undefined): href is string =>
  !!href && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');

/** Same-site paths open inside the app; anything else leaves it in a new tab. */
function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (isAppPath(href)) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Our own writing (learning articles): links anywhere, images as written. */
const authored: Components = {
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
};

/**
 * Text that may quote what other people typed (Ask Agaton's answers name members, teams and titles):
 * a link stays a link only to a page of this app; any other is shown as its words, so a member named
 * "[Session expired - sign in again](https://evil.test/login)" reads as text, not as a live link; an
 * image is never loaded (a remote one would tell its owner who read the answer, and when), only its
 * description is shown.
 */
const quoting: Components = {
  a: ({ href, children }) => (isAppPath(href) ? <Link to={href}>{children}</Link> : <span>{children}</span>),
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

/**
 * Markdown (learning articles, chat answers) as React elements. Raw HTML in the markdown is dropped
 * (`skipHtml`), and the tree is sanitised (GitHub's schema: no scripts, no event handlers, no
 * javascript: URLs) before rendering, so nothing in the text can run in the reader's session.
 * `appLinksOnly` is for text built from data other users control (see `quoting`).
 */
export function SafeMarkdown({
  children,
  appLinksOnly = false,
}: {
  children: string;
  appLinksOnly?: boolean;
}) {
  return (
    <ReactMarkdown skipHtml rehypePlugins={[rehypeSanitize]} components={appLinksOnly ? quoting : authored}>
      {children}
    </ReactMarkdown>
  );
}
