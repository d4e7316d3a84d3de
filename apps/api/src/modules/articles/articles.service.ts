import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Article, type ArticleSummary, articleSlugSchema, articleTagSchema } from '@agaton/contracts';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

/** Markdown files (`<slug>.md`) and their covers (`<slug>.svg`), shipped with the code. */
export const ARTICLES_DIR = fileURLToPath(new URL('./content/', import.meta.url));

/** Front matter every article starts with, between `---` lines. */
export const frontMatterSchema = z
  .object({
    slug: articleSlugSchema,
    title: z.string().trim().min(3).max(120),
    summary: z.string().trim().min(20).max(240),
    /** Sounds (ARPAbet) and skills, the most central first; recommendations match on them. */
    tags: z.array(articleTagSchema).min(1),
    /** Position in the Learning list. */
    order: z.number().int().positive(),
  })
  .strict();
export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** An SVG cover held in memory: requests never name a file, so no path can be traversed. */
export interface ArticleCover {
  body: Buffer;
  /** Strong validator of the body, also the `v` of the cover's URL. */
  etag: string;
}

export interface LibraryArticle extends Article {
  order: number;
  cover: ArticleCover | null;
}

export interface ArticleLibrary {
  /** In list order. */
  articles: readonly LibraryArticle[];
  bySlug: ReadonlyMap<string, LibraryArticle>;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Splits a markdown file into its validated front matter and the body after it. */
export function parseArticleFile(text: string, file: string): { meta: FrontMatter; content: string } {
  const match = FENCE.exec(text);
  if (!match) throw new Error(`${file}: missing front matter between --- lines`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1]));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`${file}: invalid front matter (${problems.join('; ')})`);
  }
  return { meta: parsed.data, content: match[2].trim() };
}

const coverUrl = (slug: string, cover: ArticleCover) =>
  `/api/articles/${slug}/cover.svg?v=${cover.etag.slice(1, 13)}`;

/**
 * Reads every article of `dir` once. Content ships with the code, so a broken file stops the server
 * at start-up with its name rather than failing one reader later.
 */
export function loadArticleLibrary(dir: string = ARTICLES_DIR): ArticleLibrary {
  const articles: LibraryArticle[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    const { meta, content } = parseArticleFile(readFileSync(join(dir, file), 'utf8'), file);
    if (`${meta.slug}.md` !== file) throw new Error(`${file}: slug '${meta.slug}' must match the file name`);
    const svg = join(dir, `${meta.slug}.svg`);
    let cover: ArticleCover | null = null;
    if (existsSync(svg)) {
      const body = readFileSync(svg);
      cover = { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
    }
    articles.push({
      slug: meta.slug,
      title: meta.title,
      summary: meta.summary,
      tags: meta.tags,
      order: meta.order,
      content,
      cover,
      coverImageUrl: cover ? coverUrl(meta.slug, cover) : null,
    });
  }
  articles.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  return { articles, bySlug: new Map(articles.map((a) => [a.slug, a])) };
}

let shipped: ArticleLibrary | undefined;

/** The library shipped in `content/`, read on first use. */
export function articleLibrary(): ArticleLibrary {
  shipped ??= loadArticleLibrary();
  return shipped;
}

/** Summaries of every article, in list order (GET /articles). */
export function listArticles({ library }: { library: ArticleLibrary }): ArticleSummary[] {
  return library.articles.map(({ slug, title, summary, coverImageUrl, tags }) => ({
    slug,
    title,
    summary,
    coverImageUrl,
    tags,
  }));
}

function find(library: ArticleLibrary, slug: string): LibraryArticle {
  const article = library.bySlug.get(slug);
  if (!article) throw new AppError('NOT_FOUND', 'Article not found.');
  return article;
}

/** One article with its markdown (GET /articles/{slug}); NOT_FOUND for an unknown slug. */
export function getArticle({ library, slug }: { library: ArticleLibrary; slug: string }): Article {
  const { order: _order, cover: _cover, ...article } = find(library, slug);
  return article;
}

/** The cover of an article; NOT_FOUND for an unknown slug or an article without a cover. */
export function getArticleCover({ library, slug }: { library: ArticleLibrary; slug: string }): ArticleCover {
  const { cover } = find(library, slug);
  if (!cover) throw new AppError('NOT_FOUND', 'Article not found.');
  return cover;
}
