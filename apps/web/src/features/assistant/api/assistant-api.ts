import {
  type CoachingOverviewResponse,
  type CoachingReportsPage,
  coachingOverviewResponseSchema,
  coachingReportsPageSchema,
  type SessionsPage,
  sessionsPageSchema,
  type TeamUser,
  teamUserSchema,
} from '@agaton/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The History dropdown lists this many of the newest reports or sessions (the API's page maximum). */
export const HISTORY_LIMIT = 100;

/** Under 'session' so a new sign-in drops them with the admin (app/provider.tsx). */
export const assistantKeys = {
  all: ['session', 'assistant'] as const,
  overview: (teamId: string | null, page: number) =>
    [...assistantKeys.all, 'overview', teamId, page] as const,
  user: (identityId: string) => [...assistantKeys.all, 'user', identityId] as const,
  reports: (identityId: string) => [...assistantKeys.all, 'user', identityId, 'reports'] as const,
  sessions: (identityId: string) => [...assistantKeys.all, 'user', identityId, 'sessions'] as const,
};

/** One page of the coaching overview (spec 3 §2.3); the previous page stays shown while the next loads. */
export function useCoachingOverview(teamId: string | null, page: number) {
  return useQuery({
    queryKey: assistantKeys.overview(teamId, page),
    queryFn: () =>
      api.request<CoachingOverviewResponse>('/admin/coaching-overview', {
        auth: 'admin',
        query: { teamId: teamId ?? undefined, page },
        schema: coachingOverviewResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The member a per-user page is about, by identity id (404: not in the admin's reach). */
export function useCoachingUser(identityId: string) {
  return useQuery({
    queryKey: assistantKeys.user(identityId),
    queryFn: () =>
      api.request<TeamUser>(`/admin/coaching-overview/users/${encodeURIComponent(identityId)}`, {
        auth: 'admin',
        schema: teamUserSchema,
      }),
    retry: false,
  });
}

/** The member's coaching reports, newest first (the coach area's API with forUserId, spec 3 §7.2). */
export function useMemberReports(identityId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: assistantKeys.reports(identityId),
    queryFn: () =>
      api.request<CoachingReportsPage>('/coaching-reports', {
        auth: 'admin',
        query: { forUserId: identityId, limit: HISTORY_LIMIT },
        schema: coachingReportsPageSchema,
      }),
    retry: false,
  });
}

/** The member's sessions, newest first. */
export function useMemberSessions(identityId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: assistantKeys.sessions(identityId),
    queryFn: () =>
      api.request<SessionsPage>('/sessions', {
        auth: 'admin',
        query: { forUserId: identityId, limit: HISTORY_LIMIT },
        schema: sessionsPageSchema,
      }),
    retry: false,
  });
}
