import {
  type AgentResponse,
  type QcItem,
  type QcItemDetail,
  type QcItemList,
  qcItemDetailSchema,
  qcItemListSchema,
  qcItemSchema,
} from '@agaton/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Reviewed calls a page of the list asks for (the API allows 1–50). */
export const CALL_REVIEWS_PAGE_SIZE = 20;

/** Under 'session' so a new sign-in drops the previous account's calls (app/provider.tsx). */
export const callReviewKeys = {
  all: ['session', 'call-reviews'] as const,
  list: () => [...callReviewKeys.all, 'list'] as const,
  any: () => [...callReviewKeys.all, 'any'] as const,
  detail: (id: string) => [...callReviewKeys.all, 'detail', id] as const,
};

const listPage = (offset: number, limit = CALL_REVIEWS_PAGE_SIZE) =>
  api.request<QcItemList>('/app-user/qa-items', {
    auth: 'user',
    query: { limit, offset },
    schema: qcItemListSchema,
  });

/** The signed-in coach's QA items as the calls' agent, newest first, a page at a time. */
export function useCallReviews() {
  return useInfiniteQuery({
    queryKey: callReviewKeys.list(),
    queryFn: ({ pageParam }) => listPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length > 0 && loaded < last.totalItemCount ? loaded : undefined;
    },
  });
}

/**
 * Whether the coach has any reviewed call: the coach menu shows Call reviews only then (a coach of no
 * organisation, or an agent no scorecard applies to, would only ever see the empty page). A failed
 * look hides the entry; the page stays reachable by its address.
 */
export function useHasCallReviews(enabled = true) {
  const query = useQuery({
    enabled,
    queryKey: callReviewKeys.any(),
    queryFn: () => listPage(0, 1),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (query.data?.totalItemCount ?? 0) > 0;
}

/** One of the coach's QA items with its call and transcript; 404 when the call is not theirs. */
export function useCallReview(id: string) {
  return useQuery({
    queryKey: callReviewKeys.detail(id),
    queryFn: () =>
      api.request<QcItemDetail>(`/app-user/qa-items/${encodeURIComponent(id)}`, {
        auth: 'user',
        schema: qcItemDetailSchema,
      }),
  });
}

/** The agent acknowledges or disputes one answer; the item comes back with the response in it. */
export function useRespondToAnswer(qcItemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, response }: { questionId: string; response: AgentResponse }) =>
      api.request<QcItem>(
        `/app-user/qa-items/${encodeURIComponent(qcItemId)}/answers/${encodeURIComponent(questionId)}/response`,
        { method: 'PUT', auth: 'user', body: response, schema: qcItemSchema },
      ),
    onSuccess: (item) => {
      // The answer comes without the call: keep the transcript already shown.
      client.setQueryData<QcItemDetail>(callReviewKeys.detail(qcItemId), (old) =>
        old ? { ...old, ...item, call: old.call } : old,
      );
      void client.invalidateQueries({ queryKey: callReviewKeys.list() });
    },
  });
}
