import {
  type Candidate,
  type Challenge,
  type ChallengeDetail,
  type CreateCandidateRequest,
  candidateListSchema,
  challengeDetailSchema,
  challengeSchema,
  createCandidateResponseSchema,
  type ResultsBlob,
  resultsBlobSchema,
  type SendTestRequest,
  sendTestResponseSchema,
  type TestContent,
  testContentSchema,
} from '@agaton/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** Under 'session' so a new sign-in drops them with the admin (app/provider.tsx). */
export const recruitmentKeys = {
  all: ['session', 'recruitment'] as const,
  candidates: () => [...recruitmentKeys.all, 'candidates'] as const,
  challenges: () => [...recruitmentKeys.all, 'challenges'] as const,
  challenge: (id: string) => [...recruitmentKeys.all, 'challenge', id] as const,
  content: () => [...recruitmentKeys.all, 'test-content'] as const,
};

/**
 * A challenge whose resultsBlob is checked on its own: a blob that does not parse must not hide the
 * rest (the report says 'There was an error parsing the test results.', the list skips it).
 */
const looseChallengeSchema = challengeSchema.extend({ resultsBlob: z.unknown() });
const looseChallengeDetailSchema = challengeDetailSchema.extend({ resultsBlob: z.unknown() });

/** What the dashboard adds to a challenge: `results` parsed, `resultsInvalid` when the blob is broken. */
type WithResults<T> = Omit<T, 'resultsBlob'> & { results: ResultsBlob | null; resultsInvalid: boolean };

/** A challenge as the dashboard reads it. */
export type AdminChallenge = WithResults<Challenge>;

/** One challenge as its report reads it, with the link that plays the free answer. */
export type AdminChallengeDetail = WithResults<ChallengeDetail>;

function withResults<T extends { resultsBlob: unknown }>(raw: T): WithResults<T> {
  const { resultsBlob, ...challenge } = raw;
  if (resultsBlob === null || resultsBlob === undefined) {
    return { ...challenge, results: null, resultsInvalid: false };
  }
  const parsed = resultsBlobSchema.safeParse(resultsBlob);
  return { ...challenge, results: parsed.success ? parsed.data : null, resultsInvalid: !parsed.success };
}

export const getCandidates = () =>
  api.request<Candidate[]>('/admin/candidates', { auth: 'admin', schema: candidateListSchema });

export const getChallenges = async () =>
  (await api.request('/admin/challenges', { auth: 'admin', schema: z.array(looseChallengeSchema) })).map(
    withResults,
  );

export const getChallenge = async (id: string): Promise<AdminChallengeDetail> =>
  withResults(
    await api.request(`/admin/challenges/${encodeURIComponent(id)}`, {
      auth: 'admin',
      schema: looseChallengeDetailSchema,
    }),
  );

export const getTestContent = () =>
  api.request<TestContent>('/admin/test-content', { auth: 'admin', schema: testContentSchema });

/** Candidates of the admin's scope (a manager sees their teams'), newest first. */
export function useCandidates() {
  return useQuery({ queryKey: recruitmentKeys.candidates(), queryFn: getCandidates });
}

/** The organisation's challenges (scoped like candidates), newest first, with parsed results. */
export function useChallenges() {
  return useQuery({ queryKey: recruitmentKeys.challenges(), queryFn: getChallenges });
}

export function useChallenge(id: string | undefined) {
  return useQuery({
    queryKey: recruitmentKeys.challenge(id ?? ''),
    queryFn: () => getChallenge(id ?? ''),
    enabled: Boolean(id),
  });
}

/** The organisation's test content (the product's default until an owner replaces it). */
export function useTestContent() {
  return useQuery({ queryKey: recruitmentKeys.content(), queryFn: getTestContent });
}

/** After a send the list, the challenges and the admin's tests left all change. */
function refreshAfterSend(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: recruitmentKeys.candidates() }),
    queryClient.invalidateQueries({ queryKey: recruitmentKeys.challenges() }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.admin }),
  ]);
}

/** POST /candidate (Add user); with isRecruit and a position the test is sent at once. */
export function useCreateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCandidateRequest) =>
      api.request('/candidate', { auth: 'admin', body, schema: createCandidateResponseSchema }),
    onSuccess: () => refreshAfterSend(queryClient),
  });
}

/** POST /challenge (Send test): one challenge per candidate. */
export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTestRequest) =>
      api.request('/challenge', { auth: 'admin', body, schema: sendTestResponseSchema }),
    onSuccess: () => refreshAfterSend(queryClient),
  });
}

/** PUT /admin/test-content (owners only); 400 answers carry the invalid paths in `details`. */
export function useSaveTestContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.request('/admin/test-content', { method: 'PUT', auth: 'admin', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recruitmentKeys.content() }),
  });
}

/** The server renders the print route in Chromium (up to 20 s); allow for the transfer too. */
export const PDF_TIMEOUT_MS = 45_000;

/** GET /admin/generate-pdf: the report's print route as a PDF. */
export const generateReportPdf = (query: { urlPath: string; filename: string }) =>
  api.request<Blob>('/admin/generate-pdf', {
    auth: 'admin',
    query,
    responseType: 'blob',
    timeoutMs: PDF_TIMEOUT_MS,
  });
