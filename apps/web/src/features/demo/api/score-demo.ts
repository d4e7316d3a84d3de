import { demoReadingResponseSchema, freeSpeechResponseSchema } from '@agaton/contracts';
import { DEMO_LIMITS } from '../texts';

/**
 * Failure of a scoring call; the screens show the spec's generic text. The status and Retry-After
 * decide whether a busy server is worth waiting for.
 */
export class ScoreRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Retry-After of the answer in milliseconds; null when it had none. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ScoreRequestError';
  }
}

/** Retry-After as seconds (what the API sends) or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value?.trim()) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const extensionFor = (type: string) =>
  type.includes('webm') ? 'webm' : type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'wav';

async function postAudio<T>(
  path: string,
  audio: Blob,
  fields: Record<string, string>,
  timeoutMs: number,
  schema: { parse: (v: unknown) => T },
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  // The file goes last so the server sees the text fields before streaming the audio.
  form.append('audio', audio, `recording.${extensionFor(audio.type)}`);
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? response.statusText;
    throw new ScoreRequestError(
      response.status,
      message,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
  return schema.parse(body);
}

/** Reading task: the public phrase score (spec 3 section 7.6). */
export function scorePhrase(options: { audio: Blob; targetPhrase: string }) {
  return postAudio(
    '/score/public/phrase',
    options.audio,
    { target_phrase: options.targetPhrase },
    DEMO_LIMITS.httpTimeoutMs,
    demoReadingResponseSchema,
  );
}

/** Free-speech task: the public free-speech score with the narrative, 60 s timeout. */
export function scoreFreeSpeech(options: { audio: Blob; question: string }) {
  return postAudio(
    '/score/public/free-speech',
    options.audio,
    { question: options.question, includeNarrative: 'true' },
    DEMO_LIMITS.freeSpeechTimeoutMs,
    freeSpeechResponseSchema,
  );
}

/** Sample answer audio from the server (flite), or null when it has no text-to-speech (501). */
export async function fetchSampleAudio(text: string): Promise<Blob | null> {
  const query = new URLSearchParams({ text, country: DEMO_LIMITS.ttsCountry });
  const response = await fetch(`/api/google/textToSpeech?${query}`, {
    signal: AbortSignal.timeout(DEMO_LIMITS.httpTimeoutMs),
  });
  if (response.status === 501) return null;
  if (!response.ok) throw new ScoreRequestError(response.status, response.statusText);
  return response.blob();
}
