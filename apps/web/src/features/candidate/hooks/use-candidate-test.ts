import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { tokenStorage } from '../../../lib/api-client';
import { candidateTestKey, fetchCandidateTest } from '../api/candidate-api';
import { clearPending } from '../utils/pending-activity';

/** Whether a candidate token is stored; follows sign-in, sign-out and a token cleared on a 401. */
export function useHasCandidateToken(): boolean {
  return useSyncExternalStore(
    (onChange) => tokenStorage.subscribe(onChange),
    () => tokenStorage.has('candidate'),
    () => false,
  );
}

/**
 * The candidate's test from GET /api/assessment, always read fresh when a screen opens (the state
 * lives on the server; another tab may have moved on). Disabled without a candidate token.
 */
export function useCandidateTest() {
  const signedIn = useHasCandidateToken();
  const query = useQuery({
    queryKey: candidateTestKey,
    queryFn: fetchCandidateTest,
    enabled: signedIn,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  return { signedIn, ...query };
}

/** Signs the candidate out of this browser: token, cached test and any unsent activity go. */
export function useCandidateSignOut() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    tokenStorage.clear('candidate');
    clearPending();
    queryClient.removeQueries({ queryKey: candidateTestKey });
  }, [queryClient]);
}
