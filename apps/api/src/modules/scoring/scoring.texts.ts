import { SCORING_LIMITS } from '@agaton/contracts';

/** User-facing texts of the scoring endpoints (their limits: SCORING_LIMITS in @agaton/contracts). */

/** Duration limits handed to the speech engine, which refuses outside them (TOO_SHORT / TOO_LONG). */
export const ENGINE_LIMITS = {
  reading: { minSec: SCORING_LIMITS.minSeconds.reading, maxSec: SCORING_LIMITS.maxSeconds.reading },
  'free-speech': {
    minSec: SCORING_LIMITS.minSeconds['free-speech'],
    maxSec: SCORING_LIMITS.maxSeconds['free-speech'],
  },
};

export const SCORING_TEXTS = {
  notMultipart: 'Send the recording as multipart/form-data with an "audio" file.',
  noAudio: 'The request has no "audio" file.',
  noPhrase: 'The request needs a "target_phrase" field with the sentence that was read.',
  noQuestion: 'The request needs a "question" field with the topic that was answered.',
  textTooLong: `The text is too long (at most ${SCORING_LIMITS.maxTextChars} characters).`,
  tooLarge: (maxBytes: number) =>
    `The recording is too large (at most ${Number((maxBytes / 1024 / 1024).toFixed(1))} MB).`,
  empty: 'The recording is empty.',
  corrupt: 'The recording could not be decoded. It may be damaged or cut off.',
  unsupported: 'This audio format is not supported. Send WebM/Opus, Ogg, MP4/AAC, MP3 or WAV.',
  silent: 'No speech was heard in the recording.',
  tooShort: (min: number) => `The recording is too short (at least ${min} s of speech).`,
  tooLong: (max: number) => `The recording is too long (at most ${max} seconds).`,
  busy: 'Scoring is busy right now. Please try again in a moment.',
  timeout: 'Scoring took too long. Please try again.',
  rateLimited: 'Too many recordings in a short time. Please wait a moment and try again.',
  badLevel: 'The level must be LOW, MEDIUM or ADVANCED.',
  unauthenticated: 'A candidate token is required.',
  ttsUnavailable: 'Text-to-speech is not available on this server.',
  ttsNoText: 'The "text" query parameter is required.',
} as const;
