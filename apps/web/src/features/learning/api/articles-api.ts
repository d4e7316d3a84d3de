import { type Article, type ArticleSummary, articleListSchema, articleSchema } from '@agaton/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Articles change only with a deploy; a reader moving between them should not refetch. */
const ARTICLE_STALE_MS = 10 * 60_000;

export const articleKeys = {
  all: ['articles'] as const,
  list: () => [...articleKeys.all, 'list'] as const,
  detail: (slug: string) => [...articleKeys.all, 'detail', slug] as const,
};

export const getArticles = () =>
  api.request<ArticleSummary[]>('/articles', { auth: 'user', schema: articleListSchema });

export const getArticle = (slug: string) =>
  api.request<Article>(`/articles/${encodeURIComponent(slug)}`, { auth: 'user', schema: articleSchema });

/** The Learning list (spec 1 section 7, GET /articles). */
export function useArticles() {
  return useQuery({ queryKey: articleKeys.list(), queryFn: getArticles, staleTime: ARTICLE_STALE_MS });
}

/** One article (GET /articles/{slug}); a 404 is an answer, not retried. */
export function useArticle(slug: string) {
  return useQuery({
    queryKey: articleKeys.detail(slug),
    queryFn: () => getArticle(slug),
    staleTime: ARTICLE_STALE_MS,
  });
}
