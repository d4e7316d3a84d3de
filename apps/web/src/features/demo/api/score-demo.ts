import { demoReadingResponseSchema, freeSpeechResponseSchema } from '@agaton/contracts';
import { ApiError, api } from '../../../lib/api-client';
import type { RetryPolicy } from '../../../lib/retry';
import { DEMO_LIMITS } from '../texts';

/**
 * The public demo's calls, through the app's one HTTP client: a failure is an `ApiError` whose status
 * and Retry-After decide whether a busy server is worth waiting for (BUSY_RETRY); the screens show
 * the spec's generic text.
 */

/**
 * A busy scoring endpoint (429/503 that says how long with Retry-After) is waited for as long as it
 * asks, at most DEMO_LIMITS.busyRetries times and busyRetryBudgetMs in all; anything else fails at once.
 */
export const BUSY_RETRY: RetryPolicy = {
  statuses: [429, 503],
  maxRetries: DEMO_LIMITS.busyRetries,
  maxTotalWaitMs: DEMO_LIMITS.busyRetryBudgetMs,
};

const extensionFor = (type: string) =>
  type.includes('webm') ? 'webm' : type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'wav';

function audioForm(audio: Blob, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  // The file goes last so the server sees the text fields before streaming the audio.
  form.append('audio', audio, `recording.${extensionFor(audio.type)}`);
  return form;
}

/** Reading task: the public phrase score (spec 3 section 7.6). */
export function scorePhrase(options: { audio: Blob; targetPhrase: string }) {
  return api.request('/score/public/phrase', {
    method: 'POST',
    body: audioForm(options.audio, { target_phrase: options.targetPhrase }),
    timeoutMs: DEMO_LIMITS.httpTimeoutMs,
    schema: demoReadingResponseSchema,
  });
}

/** Free-speech task: the public free-speech score with the narrative, 60 s timeout. */
export function scoreFreeSpeech(options: { audio: Blob; question: string }) {
  return api.request('/score/public/free-speech', {
    method: 'POST',
    body: audioForm(options.audio, { question: options.question, includeNarrative: 'true' }),
    timeoutMs: DEMO_LIMITS.freeSpeechTimeoutMs,
    schema: freeSpeechResponseSchema,
  });
}

/** Sample answer audio from the server (flite), or null when it has no text-to-speech (501). */
export async function fetchSampleAudio(text: string): Promise<Blob | null> {
  try {
    return await api.request<Blob>('/google/textToSpeech', {
      query: { text, country: DEMO_LIMITS.ttsCountry },
      responseType: 'blob',
      timeoutMs: DEMO_LIMITS.httpTimeoutMs,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return null;
    throw error;
  }
}
