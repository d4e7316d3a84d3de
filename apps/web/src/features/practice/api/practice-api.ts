import {
  type DemoReadingResponse,
  type FreeSpeechResponse,
  type PracticeAttemptMeta,
  type PracticeAttemptResponse,
  type PracticeCatalog,
  practiceAttemptResponseSchema,
  practiceCatalogSchema,
  type TrainingInvitation,
  trainingInvitationSchema,
} from '@agaton/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** Under 'session' so a sign-out or a new sign-in drops them with the user. */
export const practiceKeys = {
  catalog: ['session', 'practice', 'catalog'] as const,
  invitation: (token: string) => ['training-invitation', token] as const,
};

/** A recording of up to 30 s, scored on a shared machine: allow the analysis its own deadline. */
const SCORING_TIMEOUT_MS = 90_000;

/** GET /api/training/invitations/{token}: no sign-in needed. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: practiceKeys.invitation(token),
    queryFn: () =>
      api.request<TrainingInvitation>(`/training/invitations/${encodeURIComponent(token)}`, {
        schema: trainingInvitationSchema,
      }),
    retry: false,
  });
}

/** Accept (as the signed-in coach) or decline (no sign-in) the invitation. */
export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      api.request<TrainingInvitation>(`/training/invitations/${encodeURIComponent(token)}/${answer}`, {
        method: 'POST',
        auth: answer === 'accept' ? 'user' : undefined,
        schema: trainingInvitationSchema,
      }),
    onSuccess: async (invitation) => {
      queryClient.setQueryData(practiceKeys.invitation(token), invitation);
      // Accepting adds the practice feature: the sidebar and /coach/practice read the user again.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
      await queryClient.invalidateQueries({ queryKey: practiceKeys.catalog });
    },
  });
}

/** GET /api/practice: the organisation's exercises and the trainee's progress (403 when not training). */
export function usePracticeCatalog(enabled: boolean) {
  return useQuery({
    queryKey: practiceKeys.catalog,
    queryFn: () => api.request<PracticeCatalog>('/practice', { auth: 'user', schema: practiceCatalogSchema }),
    enabled,
    retry: false,
  });
}

const extensionFor = (type: string) =>
  type.includes('webm') ? 'webm' : type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'wav';

/** POST /api/practice/attempts: scores and stores one recording; answers the engine's feedback. */
export function submitPracticeAttempt(
  audio: Blob,
  meta: PracticeAttemptMeta,
): Promise<PracticeAttemptResponse> {
  const form = new FormData();
  form.append('meta', JSON.stringify(meta));
  // Last, so the server has the meta before the audio streams in.
  form.append('audio', audio, `recording.${extensionFor(audio.type)}`);
  return api.request('/practice/attempts', {
    method: 'POST',
    body: form,
    auth: 'user',
    schema: practiceAttemptResponseSchema,
    timeoutMs: SCORING_TIMEOUT_MS,
  });
}

/** The demo tasks' score functions over practice attempts, one per exercise kind. */
export function practiceScorers(submit: (audio: Blob) => Promise<PracticeAttemptResponse>) {
  return {
    reading: async (audio: Blob): Promise<DemoReadingResponse> => {
      const answer = await submit(audio);
      if (answer.kind !== 'reading') throw new Error('Expected a reading score.');
      return answer.score;
    },
    freeSpeech: async (audio: Blob): Promise<FreeSpeechResponse> => {
      const answer = await submit(audio);
      if (answer.kind !== 'free-speech') throw new Error('Expected a free-speech score.');
      return answer.score;
    },
  };
}
