import {
  type CoachingReport,
  type CoachingReportsPage,
  coachingReportSchema,
  coachingReportsPageSchema,
  PAGE_SIZE,
} from '@agaton/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const coachingReportKeys = {
  all: ['coaching-reports'] as const,
  list: () => [...coachingReportKeys.all, 'list'] as const,
  detail: (id: string, forUserId?: string) =>
    [...coachingReportKeys.all, 'detail', id, forUserId ?? null] as const,
};

export const getCoachingReports = (cursor?: string) =>
  api.request<CoachingReportsPage>('/coaching-reports', {
    auth: 'user',
    query: { limit: PAGE_SIZE, cursor },
    schema: coachingReportsPageSchema,
  });

/** `forUserId`: an organisation admin reading a member's report (spec 1 §6), with the admin's token. */
export const getCoachingReport = (id: string, forUserId?: string) =>
  api.request<CoachingReport>(`/coaching-reports/${encodeURIComponent(id)}`, {
    auth: forUserId ? 'admin' : 'user',
    query: { forUserId },
    schema: coachingReportSchema,
  });

/** The coach's coaching reports, newest first, 25 a page with "Load more" (spec 1 section 7). */
export function useCoachingReports() {
  return useInfiniteQuery({
    queryKey: coachingReportKeys.list(),
    queryFn: ({ pageParam }) => getCoachingReports(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useCoachingReport(id: string, forUserId?: string) {
  return useQuery({
    queryKey: coachingReportKeys.detail(id, forUserId),
    queryFn: () => getCoachingReport(id, forUserId),
  });
}
