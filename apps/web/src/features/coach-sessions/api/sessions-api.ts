import {
  type AnalysisState,
  PAGE_SIZE,
  type SessionProfile,
  type SessionsPage,
  sessionProfileSchema,
  sessionsPageSchema,
} from '@agaton/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How often a page showing a session still being analysed asks again. */
export const ANALYSIS_POLL_MS = 3000;

export const sessionKeys = {
  all: ['coach-sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
  detail: (meetingId: string, forUserId?: string) =>
    [...sessionKeys.all, 'detail', meetingId, forUserId ?? null] as const,
};

/** Queued or running: the analysis will still change. */
export const isPending = (analysis: AnalysisState) =>
  analysis.status === 'queued' || analysis.status === 'running';

export const getSessions = (cursor?: string) =>
  api.request<SessionsPage>('/sessions', {
    auth: 'user',
    query: { limit: PAGE_SIZE, cursor },
    schema: sessionsPageSchema,
  });

/** `forUserId`: an organisation admin reading a member's session (spec 1 §6), with the admin's token. */
export const getSessionProfile = (meetingId: string, forUserId?: string) =>
  api.request<SessionProfile>(`/sessions/${encodeURIComponent(meetingId)}`, {
    auth: forUserId ? 'admin' : 'user',
    query: { forUserId },
    schema: sessionProfileSchema,
  });

/** The signed-in coach's sessions, newest first, 25 a page; polls while any is being analysed. */
export function useSessions() {
  return useInfiniteQuery({
    queryKey: sessionKeys.list(),
    queryFn: ({ pageParam }) => getSessions(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => isPending(item.analysis)))
        ? ANALYSIS_POLL_MS
        : false,
  });
}

/** One session profile; polls until its analysis is done or failed. */
export function useSessionProfile(meetingId: string, forUserId?: string) {
  return useQuery({
    queryKey: sessionKeys.detail(meetingId, forUserId),
    queryFn: () => getSessionProfile(meetingId, forUserId),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isPending(data.analysis) ? ANALYSIS_POLL_MS : false;
    },
  });
}
