import { describe, expect, it } from 'vitest';
import { articleSlugSchema, articleTagSchema, splitPractise } from './articles.ts';

describe('splitPractise', () => {
  it('cuts the markdown around the Practise aloud section, up to the next heading of its level', () => {
    const parts = splitPractise(
      'Intro.\n\n## How\n\nText.\n\n## Practise aloud\n\nRead these.\n\n1. One.\n\n### Pairs\n\n2. Two.\n\n## Keep going\n\nMore.',
    );
    expect(parts).toEqual({
      before: 'Intro.\n\n## How\n\nText.',
      practise: 'Read these.\n\n1. One.\n\n### Pairs\n\n2. Two.',
      after: '## Keep going\n\nMore.',
    });
  });

  it('keeps everything before when there is no such section, or when it ends the article', () => {
    expect(splitPractise('Just text.')).toEqual({ before: 'Just text.', practise: null, after: '' });
    expect(splitPractise('A.\n## Practise aloud\n1. B.')).toEqual({
      before: 'A.',
      practise: '1. B.',
      after: '',
    });
  });
});

describe('article slugs and tags', () => {
  it('accepts lower-case words joined by hyphens only', () => {
    for (const ok of ['r-and-l', 'word-stress', 'a1'])
      expect(articleSlugSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', '../x', 'a/b', 'a.md', 'A-b', '-a', 'a--b', 'a b', 'a'.repeat(81)]) {
      expect(articleSlugSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('knows the 39 ARPAbet phones in upper case and the skills in lower case', () => {
    expect(articleTagSchema.safeParse('TH').success).toBe(true);
    expect(articleTagSchema.safeParse('fillers').success).toBe(true);
    expect(articleTagSchema.safeParse('th').success).toBe(false);
    expect(articleTagSchema.safeParse('FILLERS').success).toBe(false);
  });
});
