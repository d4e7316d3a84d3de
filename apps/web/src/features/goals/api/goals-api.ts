import {
  type GoalSelection,
  type UserPreferencesResponse,
  userPreferencesResponseSchema,
} from '@agaton/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

export const goalKeys = {
  preferences: ['goals', 'preferences'] as const,
};

export const getPreferences = () =>
  api.request<UserPreferencesResponse>('/app-user/preferences', {
    auth: 'user',
    schema: userPreferencesResponseSchema,
  });

export const saveGoals = (goals: GoalSelection) =>
  api.request<UserPreferencesResponse>('/app-user/goals', {
    method: 'PUT',
    auth: 'user',
    body: { goals },
    schema: userPreferencesResponseSchema,
  });

/** The coach's goals and the goals on offer (spec 1 §7 "get user preferences"). */
export function usePreferences() {
  return useQuery({ queryKey: goalKeys.preferences, queryFn: getPreferences });
}

/**
 * Saves the coach's goals. The signed-in user (`me` carries the goals) and the preferences are
 * refetched afterwards, so every page that reads them shows the new choice.
 */
export function useSaveGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoals,
    onSuccess: async (answer) => {
      queryClient.setQueryData(goalKeys.preferences, answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
        queryClient.invalidateQueries({ queryKey: goalKeys.preferences }),
      ]);
    },
  });
}
