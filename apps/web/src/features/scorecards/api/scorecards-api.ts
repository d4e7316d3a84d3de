import {
  type PhraseSuggestion,
  phraseSuggestionSchema,
  type Question,
  type QuestionCreate,
  type QuestionSet,
  type QuestionUpdate,
  questionListSchema,
  questionSchema,
  questionSetListSchema,
  questionSetSchema,
  type ScorecardDocument,
  scorecardDocumentListSchema,
  scorecardDocumentSchema,
  type Team,
  teamListSchema,
} from '@agaton/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAdmin } from '../../../lib/session';

/** Under 'session' so a new sign-in drops them with the admin (app/provider.tsx). */
export const scorecardKeys = {
  all: ['session', 'scorecards'] as const,
  sets: () => [...scorecardKeys.all, 'sets'] as const,
  questions: (questionSetId: string) => [...scorecardKeys.all, 'questions', questionSetId] as const,
  allQuestions: () => [...scorecardKeys.all, 'questions'] as const,
  documents: (questionSetId: string) => [...scorecardKeys.all, 'documents', questionSetId] as const,
  teams: (orgId: string) => [...scorecardKeys.all, 'teams', orgId] as const,
};

/**
 * The teams the admin may pick for a scorecard: the organisation's teams as the teams API lists them
 * (an owner all, a manager the teams they manage).
 */
export function useScorecardTeams() {
  const admin = useAdmin();
  const orgId = admin.data?.organizationInfo.id ?? '';
  return useQuery({
    enabled: Boolean(orgId),
    queryKey: scorecardKeys.teams(orgId),
    queryFn: () =>
      api.request<Team[]>(`/astridorg/${encodeURIComponent(orgId)}/teams`, {
        auth: 'admin',
        schema: teamListSchema,
      }),
    staleTime: 5 * 60_000,
  });
}

const setPath = (questionSetId: string) => `/qa/question-sets/${encodeURIComponent(questionSetId)}`;

/** A document may take a while to send and read (up to 100 MB). */
const DOCUMENT_UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** The organisation's scorecards, by name, with their question and document counts. */
export function useQuestionSets() {
  return useQuery({
    queryKey: scorecardKeys.sets(),
    queryFn: async () =>
      (await api.request('/qa/question-sets', { auth: 'admin', schema: questionSetListSchema })).questionSets,
  });
}

/** The scorecard's questions, each with all its scorecards. */
export function useQuestions(questionSetId: string | null) {
  return useQuery({
    enabled: Boolean(questionSetId),
    queryKey: scorecardKeys.questions(questionSetId ?? ''),
    queryFn: async () =>
      (
        await api.request(`${setPath(questionSetId ?? '')}/questions`, {
          auth: 'admin',
          schema: questionListSchema,
        })
      ).questions,
  });
}

/** The scorecard's reference documents. */
export function useDocuments(questionSetId: string) {
  return useQuery({
    queryKey: scorecardKeys.documents(questionSetId),
    queryFn: async () =>
      (
        await api.request(`${setPath(questionSetId)}/documents`, {
          auth: 'admin',
          schema: scorecardDocumentListSchema,
        })
      ).documents,
  });
}

/** Create, rename and delete a scorecard; each refreshes the list. */
export function useQuestionSetMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: scorecardKeys.all });
  const create = useMutation({
    mutationFn: ({ name, teamIds }: { name: string; teamIds: string[] }) =>
      api.request<QuestionSet>('/qa/question-sets', {
        auth: 'admin',
        body: { name, teamIds },
        schema: questionSetSchema,
      }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({
      questionSetId,
      name,
      teamIds,
    }: {
      questionSetId: string;
      name: string;
      teamIds: string[];
    }) =>
      api.request<QuestionSet>(setPath(questionSetId), {
        auth: 'admin',
        method: 'PATCH',
        body: { name, teamIds },
        schema: questionSetSchema,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (questionSetId: string) =>
      api.request(setPath(questionSetId), { auth: 'admin', method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, rename, remove };
}

/**
 * Create and update a question. Every scorecard's list is refreshed after either: a question's
 * scorecards (and so the Shared label and the counts) may change in several lists at once.
 */
export function useQuestionMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: scorecardKeys.all });
  const create = useMutation({
    mutationFn: (input: QuestionCreate) =>
      api.request<Question>('/qa/questions', { auth: 'admin', body: input, schema: questionSchema }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ questionId, input }: { questionId: string; input: QuestionUpdate }) =>
      api.request<Question>(`/qa/questions/${encodeURIComponent(questionId)}`, {
        auth: 'admin',
        method: 'PUT',
        body: input,
        schema: questionSchema,
      }),
    onSuccess: refresh,
  });
  return { create, update };
}

/** Evidence suggested from the question's texts (speaker, phrases, examples) to edit before saving. */
export function useSuggestEvidence() {
  return useMutation({
    mutationFn: (texts: { questionText: string; presentationText?: string }) =>
      api.request<PhraseSuggestion>('/qa/questions/suggest', {
        auth: 'admin',
        body: texts,
        schema: phraseSuggestionSchema,
      }),
  });
}

/** One document, one request (spec 3 §5): the caller sends several in parallel. */
export function uploadDocument(questionSetId: string, file: File) {
  const form = new FormData();
  form.append('documentFile', file, file.name);
  return api.request<ScorecardDocument>(`${setPath(questionSetId)}/documents`, {
    auth: 'admin',
    method: 'POST',
    body: form,
    schema: scorecardDocumentSchema,
    timeoutMs: DOCUMENT_UPLOAD_TIMEOUT_MS,
  });
}

export function useDeleteDocument(questionSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      api.request(`${setPath(questionSetId)}/documents/${encodeURIComponent(documentId)}`, {
        auth: 'admin',
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scorecardKeys.all }),
  });
}
