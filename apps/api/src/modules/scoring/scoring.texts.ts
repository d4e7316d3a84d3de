/** User-facing texts and limits of the scoring endpoints, in one place for routes and tests. */
export const SCORING_LIMITS = {
  /**
   * Default bytes of one upload (SCORING_UPLOAD_LIMIT_BYTES): a minute of 48 kHz stereo WAV fits,
   * browser webm/opus is ~50 times smaller.
   */
  maxUploadBytes: 12 * 1024 * 1024,
  /** Reading: spec "speech recording max 30 seconds"; free speech: the 60 s scoring limit. */
  maxSeconds: { reading: 30, 'free-speech': 60 },
  minSeconds: { reading: 0.5, 'free-speech': 1 },
  /**
   * Default deadlines, queue time included (SCORING_*_TIMEOUT_SECONDS): HTTP timeout 20 s; free-speech
   * scoring timeout 60 s.
   */
  timeoutMs: { reading: 20_000, 'free-speech': 60_000 },
  maxTextChars: 600,
} as const;

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
