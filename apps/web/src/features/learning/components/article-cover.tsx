import { AspectRatio } from '@mantine/core';
import type { CSSProperties } from 'react';

const fill: CSSProperties = {
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  background: 'var(--mantine-color-brand-0)',
};

/**
 * An article's cover at 2:1, the shape the covers are drawn in. Decorative (empty alt): the title
 * next to it says what the article is. Without a cover, a plain panel keeps cards aligned.
 */
export function ArticleCover({ url, radius = 0 }: { url: string | null; radius?: number | string }) {
  return (
    <AspectRatio ratio={2}>
      {url ? (
        <img
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          style={{ ...fill, borderRadius: radius }}
          data-testid="article-cover"
        />
      ) : (
        <div style={{ ...fill, borderRadius: radius }} />
      )}
    </AspectRatio>
  );
}
