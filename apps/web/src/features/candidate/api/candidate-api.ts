import {
  type ActivityRequest,
  type AssessmentStatus,
  activityResponseSchema,
  type CandidateTest,
  candidateTestSchema,
  demoReadingResponseSchema,
  type FormActivityMeta,
  formActivityResponseSchema,
} from '@agaton/contracts';
import { api } from '../../../lib/api-client';
import type { RetryPolicy } from '../../../lib/retry';

/**
 * An answer is sent (with its idempotency key) until it arrives: a lost connection (0), a busy or
 * restarting server (408, 429, 502–504) for as long as the page lives, a 500 (most likely a bug, not
 * a glitch) a few times; 1 s, 2 s, 4 s … at most 15 s apart, or the server's Retry-After up to 30 s
 * (the candidate's clock is running). Retrying never counts an answer twice.
 */
export const ANSWER_RETRY: RetryPolicy = {
  statuses: [0, 408, 429, 502, 503, 504],
  limited: { 500: 3 },
  backoff: { firstMs: 1000, maxMs: 15_000 },
  maxRetryAfterMs: 30_000,
};

/** Query key of the candidate's test (GET /api/assessment); activities write their status into it. */
export const candidateTestKey = ['candidate-test'] as const;

/** Uploads are scored before the server answers; the free answer takes longest. */
export const UPLOAD_TIMEOUT_MS = 90_000;

/** The candidate's test as they resume it (candidate token). */
export function fetchCandidateTest(): Promise<CandidateTest> {
  return api.request('/assessment', { auth: 'candidate', schema: candidateTestSchema });
}

/** Whether a sign-in answer already carries the whole test (it does once the English test API lands). */
export function parseCandidateTest(answer: unknown): CandidateTest | null {
  const parsed = candidateTestSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

const extensionFor = (type: string) =>
  type.includes('webm') ? 'webm' : type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'wav';

/** An answer, a part start or a timeout as the server records it. */
export type OutgoingActivity =
  | { kind: 'json'; request: ActivityRequest }
  | { kind: 'form'; meta: FormActivityMeta; audio: Blob };

/** Sends one activity with the candidate token; answers the status after it. */
export async function sendActivity(activity: OutgoingActivity): Promise<AssessmentStatus> {
  if (activity.kind === 'json') {
    const answer = await api.request('/assessment/activity', {
      method: 'POST',
      body: activity.request,
      auth: 'candidate',
      schema: activityResponseSchema,
    });
    return answer.assessmentStatus;
  }
  const form = new FormData();
  // meta first: the server reads it before streaming the audio.
  form.append('meta', JSON.stringify(activity.meta));
  form.append('audio', activity.audio, `answer.${extensionFor(activity.audio.type)}`);
  const answer = await api.request('/assessment/form/activity', {
    method: 'POST',
    body: form,
    auth: 'candidate',
    schema: formActivityResponseSchema,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return answer.assessmentStatus;
}

/** The microphone check: a reading scored like the test's but never recorded as an answer. */
export function scoreMicCheck(audio: Blob, targetPhrase: string) {
  const form = new FormData();
  form.append('target_phrase', targetPhrase);
  form.append('audio', audio, `check.${extensionFor(audio.type)}`);
  return api.request('/score/phrase', {
    method: 'POST',
    query: { level: 'LOW' },
    body: form,
    auth: 'candidate',
    schema: demoReadingResponseSchema,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}
