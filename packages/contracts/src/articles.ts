import { z } from 'zod';

/**
 * The learning library (spec 1 §2 "Learning", §3 "Article summary / article", §7 GET /articles and
 * GET /articles/{slug}, §8 texts). Paths are under /api; covers are served by the api at
 * `/api/articles/{slug}/cover.svg`.
 */

/** Lower-case words joined by single hyphens: the only shape a slug may take (no dots, no slashes). */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ARTICLE_SLUG_MAX = 80;

export const articleSlugSchema = z.string().min(1).max(ARTICLE_SLUG_MAX).regex(ARTICLE_SLUG_PATTERN);

/**
 * Skills an article can be tagged with besides sounds. The first eight include every goal focus
 * (`GOAL_FOCUSES`), so a user's goals can pick articles as well as their analysis can.
 */
export const ARTICLE_SKILLS = [
  'pronunciation',
  'fluency',
  'pace',
  'pauses',
  'fillers',
  'intelligibility',
  'confidence',
  'vocabulary',
  'test-prep',
  'meetings',
  'stress',
  'intonation',
  'linking',
  'numbers',
] as const;
export type ArticleSkill = (typeof ARTICLE_SKILLS)[number];

/** The 39 CMU ARPAbet phones (no stress digits), the names the speech analysis reports sounds by. */
export const ARPABET_PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;
export type ArpabetPhone = (typeof ARPABET_PHONES)[number];

/** The 15 vowels among them (diphthongs and ER included). */
export const ARPABET_VOWELS: readonly ArpabetPhone[] = ARPABET_PHONES.filter((p) => /^[AEIOU]/.test(p));

/** A tag is a sound (ARPAbet, upper case) or a skill (lower case). */
export const articleTagSchema = z.union([z.enum(ARPABET_PHONES), z.enum(ARTICLE_SKILLS)]);
export type ArticleTag = z.infer<typeof articleTagSchema>;

/** One card of the Learning list. */
export const articleSummarySchema = z.object({
  slug: articleSlugSchema,
  title: z.string(),
  summary: z.string(),
  /** Same-origin address of the cover; null for an article without one (the spec's cover is optional). */
  coverImageUrl: z.string().nullable(),
  tags: z.array(articleTagSchema),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** GET /articles: every summary, in reading order. */
export const articleListSchema = z.array(articleSummarySchema);
export type ArticleList = z.infer<typeof articleListSchema>;

/** One article: the summary's fields plus its markdown body (no front matter, no top-level heading). */
export const articleSchema = articleSummarySchema.extend({ content: z.string() });
export type Article = z.infer<typeof articleSchema>;

/** What session feedback and coaching reports link to. */
export const articleLinkSchema = z.object({ slug: articleSlugSchema, title: z.string() });
export type ArticleLink = z.infer<typeof articleLinkSchema>;

/** The heading of the section every article ends its teaching with; the page highlights it. */
export const PRACTISE_HEADING = 'Practise aloud';

/** Texts of the Learning pages: the spec's (§2, §8) and ours where the spec is silent. */
export const articleTexts = {
  heading: 'Learning',
  breadcrumb: 'Learning',
  failedList: 'Failed to fetch articles.',
  failedArticle: 'Failed to fetch article.',
  /** Ours: an unknown slug. */
  notFound: 'This article does not exist.',
  /** Ours: the way back from a missing article. */
  backToLearning: 'Back to Learning',
  /** Ours: an empty library. */
  empty: 'No articles to show yet.',
  retry: 'Retry',
} as const;

/** An article's markdown cut around its 'Practise aloud' section, so the page can set it apart. */
export interface ArticleParts {
  before: string;
  /** The section's body without its heading; null when the article has none. */
  practise: string | null;
  after: string;
}

/** Splits markdown at the `## Practise aloud` heading and the next `##` heading after it. */
export function splitPractise(content: string): ArticleParts {
  const lines = content.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${PRACTISE_HEADING}`);
  if (start < 0) return { before: content.trim(), practise: null, after: '' };
  const next = lines.findIndex((line, i) => i > start && /^##\s/.test(line));
  const end = next < 0 ? lines.length : next;
  return {
    before: lines.slice(0, start).join('\n').trim(),
    practise: lines
      .slice(start + 1, end)
      .join('\n')
      .trim(),
    after: lines.slice(end).join('\n').trim(),
  };
}
