import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARPABET_PHONES, ARTICLE_SKILLS, splitPractise } from '@agaton/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTICLES_DIR, loadArticleLibrary, parseArticleFile } from './articles.service.ts';

const library = loadArticleLibrary();
const words = (markdown: string) => markdown.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
const isPhone = (tag: string) => (ARPABET_PHONES as readonly string[]).includes(tag);
const isSkill = (tag: string) => (ARTICLE_SKILLS as readonly string[]).includes(tag);

describe('the shipped articles', () => {
  it('are at least twelve, with unique slugs and list positions', () => {
    expect(library.articles.length).toBeGreaterThanOrEqual(12);
    expect(new Set(library.articles.map((a) => a.slug)).size).toBe(library.articles.length);
    expect(new Set(library.articles.map((a) => a.order)).size).toBe(library.articles.length);
  });

  describe.each(library.articles.map((a) => [a.slug, a] as const))('%s', (_slug, article) => {
    it('has the required front matter, with at least one skill tag', () => {
      expect(article.title.length).toBeGreaterThan(3);
      expect(article.summary.length).toBeGreaterThanOrEqual(20);
      expect(article.tags.every((tag) => isPhone(tag) || isSkill(tag))).toBe(true);
      expect(article.tags.some(isSkill)).toBe(true);
    });

    it('reads at a useful length (500 to 900 words) with no top-level heading and no raw HTML', () => {
      const count = words(article.content);
      expect(count).toBeGreaterThanOrEqual(500);
      expect(count).toBeLessThanOrEqual(900);
      expect(article.content).not.toMatch(/^# /m);
      expect(article.content).not.toMatch(/<\/?[a-z][^>]*>/i);
    });

    it('has a Practise aloud section of at least five lines to read aloud', () => {
      const { practise } = splitPractise(article.content);
      expect(practise).not.toBeNull();
      expect(practise!.match(/^\d+\. /gm)?.length ?? 0).toBeGreaterThanOrEqual(5);
    });

    it('links only to articles that exist', () => {
      const links = [...article.content.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]);
      for (const link of links) {
        expect(link).toMatch(/^\/coach\/learning\/[a-z0-9-]+$/);
        expect(library.bySlug.has(link.split('/').pop()!), link).toBe(true);
      }
      expect(article.content).not.toMatch(/\]\((?!\/coach\/learning\/)/);
    });

    it('has its own cover: a plain SVG with a label, no script, handlers or outside references', () => {
      expect(article.cover).not.toBeNull();
      const svg = readFileSync(join(ARTICLES_DIR, `${article.slug}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 600"/);
      expect(svg).toMatch(/aria-label="[^"]+"/);
      expect(svg).not.toMatch(/<script|<foreignObject|<image|\son[a-z]+=|href=|url\(|@import/i);
    });
  });
});

describe('parseArticleFile', () => {
  const file = (frontMatter: string, body = 'Body.') => `---\n${frontMatter}\n---\n\n${body}\n`;
  const valid =
    "slug: a-b\ntitle: 'A title'\nsummary: 'A summary long enough to pass.'\ntags: [TH, pace]\norder: 1";

  it('splits valid front matter from the body', () => {
    expect(parseArticleFile(file(valid), 'a-b.md')).toEqual({
      meta: {
        slug: 'a-b',
        title: 'A title',
        summary: 'A summary long enough to pass.',
        tags: ['TH', 'pace'],
        order: 1,
      },
      content: 'Body.',
    });
  });

  it.each([
    ['no front matter', 'Just text'],
    ['an unknown tag', file(valid.replace('[TH, pace]', '[TH, dancing]'))],
    ['a lower-case phone', file(valid.replace('[TH, pace]', '[th]'))],
    ['an unsafe slug', file(valid.replace('slug: a-b', 'slug: ../a'))],
    ['a missing summary', file(valid.replace(/summary:.*\n/, ''))],
    ['an unknown field', file(`${valid}\nauthor: someone`)],
  ])('refuses a file with %s, naming the file', (_what, text) => {
    expect(() => parseArticleFile(text, 'broken.md')).toThrow(/broken\.md/);
  });
});

describe('loadArticleLibrary', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sorts by order, leaves out a missing cover and refuses a slug that differs from the file name', () => {
    dir = mkdtempSync(join(tmpdir(), 'agaton-articles-'));
    const md = (slug: string, order: number) =>
      `---\nslug: ${slug}\ntitle: '${slug}'\nsummary: 'A summary long enough to pass.'\ntags: [pace]\norder: ${order}\n---\nText.`;
    writeFileSync(join(dir, 'second.md'), md('second', 2));
    writeFileSync(join(dir, 'first.md'), md('first', 1));
    writeFileSync(join(dir, 'first.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const loaded = loadArticleLibrary(dir);
    expect(loaded.articles.map((a) => [a.slug, a.coverImageUrl === null])).toEqual([
      ['first', false],
      ['second', true],
    ]);

    writeFileSync(join(dir, 'third.md'), md('other', 3));
    expect(() => loadArticleLibrary(dir!)).toThrow(/third\.md: slug 'other' must match the file name/);
  });
});
