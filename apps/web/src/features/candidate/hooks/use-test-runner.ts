import type { AssessmentStatus, CandidateTest } from '@agaton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { withRetry } from '../../../lib/retry';
import { worthSendingAgain } from '../../../lib/send-again';
import { ANSWER_RETRY, candidateTestKey, type OutgoingActivity, sendActivity } from '../api/candidate-api';
import {
  clearPending,
  loadPending,
  type PendingActivity,
  savePending,
  stillApplies,
} from '../utils/pending-activity';

export interface RunnerState {
  /** An activity is on its way; the screen waits ("Saving your answer…"). */
  saving: boolean;
  /** The last attempt failed on the connection or a busy server; it is being sent again. */
  retrying: boolean;
  /** A refusal retrying cannot fix (e.g. an unusable recording); the candidate may try again. */
  error: string | null;
  /**
   * The recorded answer whose send failed for a reason a second send may fix (a server error), kept
   * in memory with its idempotency key: `sendKeptAgain` sends the same recording; a new answer drops it.
   */
  kept: KeptAnswer | null;
}

/** A recorded answer (reading or free answer) as it was sent. */
export type KeptAnswer = Extract<PendingActivity, { kind: 'form' }>;

const IDLE: RunnerState = { saving: false, retrying: false, error: null, kept: null };

/** The later of two statuses by server time (an answer's status versus a reload's). */
export function newerStatus(a: AssessmentStatus | null, b: AssessmentStatus): AssessmentStatus {
  return a && Date.parse(a.serverTime) > Date.parse(b.serverTime) ? a : b;
}

export interface UseTestRunnerOptions {
  test: CandidateTest;
  /** The candidate token was refused (expired or signed out elsewhere). */
  onSignedOut: () => void;
}

/**
 * Sends the candidate's activities one at a time, each with its idempotency key kept in sessionStorage
 * until acknowledged, and writes each answered status into the test's query. On mount it resends an
 * activity a reload interrupted, if the server has not moved past it. A 409 (not the current
 * question, already answered) reloads the state from the server and carries on.
 */
export function useTestRunner({ test, onSignedOut }: UseTestRunnerOptions) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunnerState>(IDLE);
  // The status an answer returned, set in the same render as the end of saving: the query cache
  // tells its observers a tick later, and the old question must not come back for that tick.
  const [answeredStatus, setAnsweredStatus] = useState<AssessmentStatus | null>(null);
  const busy = useRef(false);
  const life = useRef<AbortController | null>(null);
  const challengeId = test.challenge.id;
  const latest = useRef(test);
  latest.current = test;
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;

  const apply = useCallback(
    async (status: AssessmentStatus) => {
      // A reload that started before this answer must not overwrite it with an older status.
      await queryClient.cancelQueries({ queryKey: candidateTestKey });
      queryClient.setQueryData<CandidateTest>(candidateTestKey, (old) =>
        old ? { ...old, assessmentStatus: status } : old,
      );
    },
    [queryClient],
  );

  const run = useCallback(
    async (activity: OutgoingActivity | PendingActivity): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      const signal = life.current?.signal;
      const pending: PendingActivity = { ...activity, challengeId };
      setState({ ...IDLE, saving: true });
      try {
        await savePending(pending);
        const status = await withRetry(() => sendActivity(pending), ANSWER_RETRY, {
          signal,
          onRetry: () => setState({ ...IDLE, saving: true, retrying: true }),
        });
        clearPending();
        await apply(status);
        setAnsweredStatus(status);
        setState(IDLE);
        return true;
      } catch (error) {
        if (signal?.aborted) return false;
        if (error instanceof ApiError && error.status === 401) {
          // Kept: signed in again, the same answer is sent again with its key.
          signedOut.current();
          return false;
        }
        clearPending();
        // 409: the server is elsewhere (another tab answered, a part ended): take its state.
        const conflict = error instanceof ApiError && error.status === 409;
        const kept = pending.kind === 'form' && worthSendingAgain(error) ? pending : null;
        setState({ ...IDLE, error: conflict ? null : errorMessage(error), kept });
        await queryClient.invalidateQueries({ queryKey: candidateTestKey });
        return false;
      } finally {
        busy.current = false;
      }
    },
    [apply, challengeId, queryClient],
  );

  useEffect(() => {
    const controller = new AbortController();
    life.current = controller;
    const pending = loadPending(challengeId);
    if (pending) {
      if (stillApplies(pending, latest.current.assessmentStatus)) void run(pending);
      else clearPending();
    }
    return () => controller.abort();
  }, [challengeId, run]);

  const clearError = useCallback(() => setState((s) => (s.error ? { ...s, error: null } : s)), []);

  /** Try again: the kept recording, sent again as it was (same key, so it never counts twice). */
  const { kept } = state;
  const sendKeptAgain = useCallback(() => {
    if (kept) void run(kept);
  }, [kept, run]);

  return {
    ...state,
    status: newerStatus(answeredStatus, test.assessmentStatus),
    run,
    clearError,
    sendKeptAgain,
  };
}
