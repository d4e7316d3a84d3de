import { type InsightPeriod, trainingInsightsSchema, trainingInviteResponseSchema } from '@agaton/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** What the insights screens ask GET /api/insights for. */
export interface InsightsParams {
  period: InsightPeriod;
  teamId?: string | null;
  userId?: string;
}

/** Under 'session' so a new sign-in drops them with the admin (app/provider.tsx). */
export const trainingKeys = {
  all: ['session', 'training'] as const,
  insights: (params: InsightsParams) =>
    [...trainingKeys.all, 'insights', params.period, params.teamId ?? '', params.userId ?? ''] as const,
  /** The English Test's list: trainees are candidates too, one cache entry for both pages. */
  candidates: ['session', 'recruitment', 'candidates'] as const,
};

export const getTrainingInsights = (params: InsightsParams) =>
  api.request('/insights', {
    auth: 'admin',
    query: { period: params.period, teamId: params.teamId ?? undefined, userId: params.userId },
    schema: trainingInsightsSchema,
  });

/** GET /api/insights for the cohort (a team or everyone the admin sees) or one trainee. */
export function useTrainingInsights(params: InsightsParams) {
  return useQuery({
    queryKey: trainingKeys.insights(params),
    queryFn: () => getTrainingInsights(params),
    placeholderData: keepPreviousData,
  });
}

/** POST /candidate/training-invite: marks the candidates InvitePending and e-mails the invitations. */
export function useTrainingInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (candidateIds: string[]) =>
      api.request('/candidate/training-invite', {
        auth: 'admin',
        body: { candidateAstridIdentityIds: candidateIds },
        schema: trainingInviteResponseSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingKeys.candidates }),
        queryClient.invalidateQueries({ queryKey: trainingKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.admin }),
      ]),
  });
}
