import type { ArticleLink } from '@agaton/contracts';
import MiniSearch from 'minisearch';
import { articleLibrary } from '../../articles/articles.service.ts';

type Doc = { id: string; title: string; summary: string; tags: string; content: string };
let index: MiniSearch<Doc> | null = null;

/** BM25 over the shipped learning articles (title and tags weigh most), built on first use. */
function articlesIndex() {
  if (index) return index;
  const search = new MiniSearch<Doc>({
    fields: ['title', 'summary', 'tags', 'content'],
    storeFields: ['title'],
    searchOptions: { boost: { title: 3, tags: 3, summary: 2 }, fuzzy: 0.15, prefix: true },
  });
  search.addAll(
    articleLibrary().articles.map((a) => ({
      id: a.slug,
      title: a.title,
      summary: a.summary,
      tags: a.tags.join(' '),
      content: a.content,
    })),
  );
  index = search;
  return search;
}

const NOISE =
  /\b(how|can|could|do|does|i|my|me|to|improve|better|get|tips?|what|should|read|the|a|on|for|with|learn)\b/gi;

/** The articles a question asks about, best first. */
export function searchArticles(question: string, limit = 3): ArticleLink[] {
  const query = question.replace(NOISE, ' ').trim();
  if (!query) return [];
  return articlesIndex()
    .search(query, { combineWith: 'OR' })
    .slice(0, limit)
    .map((r) => ({ slug: r.id as string, title: r.title as string }));
}
