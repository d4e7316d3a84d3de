import { type Insights, insightsSchema } from '@agaton/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const insightsKeys = { all: ['insights'] as const };

export const getInsights = () =>
  api.request<Insights>('/sessions/insights', { auth: 'user', schema: insightsSchema });

/** The signed-in coach's trends across analysed sessions (GET /api/sessions/insights). */
export const useInsights = () => useQuery({ queryKey: insightsKeys.all, queryFn: getInsights });
