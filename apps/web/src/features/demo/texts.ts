import { RECORDER_TEXTS } from '../../lib/recorder/recorder-texts';

/** Every user-facing text and constant of the demo from the spec (spec 3 sections 8 and 9). */
export const DEMO_TEXTS = {
  ...RECORDER_TEXTS,
  freeSpeechFailed: 'Oops! Obtaining your score failed. Please try again.',
  readingFailed: 'Something went wrong. Please try again.',
  tooShort: 'Recording was too short. Please try again.',
  perfect: 'Perfect!',
  orHigher: 'or higher',
} as const;

/**
 * Texts the spec does not give, invented for behaviour it leaves open; kept apart from the spec's own
 * so they are easy to review or replace.
 */
export const DEMO_INVENTED_TEXTS = {
  /** While the scoring endpoint is busy (429 or 503 with Retry-After) and the demo waits to retry. */
  busyRetrying: (seconds: number) => `Many people are practising right now — retrying in ${seconds} s…`,
  /** Weakest sounds when every sound scored well. */
  allSoundsClear: 'All sounds clear',
  /** Weakest sounds when no word was heard (the sentence was not read): nothing to praise. */
  noSoundsHeard: 'No sounds were heard to score',
  /** Legend under a free-speech transcript with greyed words. */
  uncertainLegend: 'Grey words: not sure what was said here, so they were not scored.',
  /**
   * Free speech: how many words were also scored sound by sound (pronunciation and fluency are judged
   * from all of the speech).
   */
  scoredShare: (scored: number, total: number) =>
    `${scored} of ${total} words (${total ? Math.round((100 * scored) / total) : 0}%) were clear enough to score sound by sound.`,
  /** A word the server masked (a profanity the recogniser produced). */
  maskedWord: 'Hidden word',
} as const;

export const DEMO_LIMITS = {
  /** Reading recordings shorter than this are rejected and not scored. */
  minReadingMs: 500,
  /** Speech recording max 30 seconds where applied (reading). */
  maxReadingMs: 30_000,
  /** Free-speech scoring timeout, also the longest free answer we record. */
  freeSpeechTimeoutMs: 60_000,
  /** Every other HTTP call. */
  httpTimeoutMs: 20_000,
  /**
   * A busy scoring endpoint (429/503 with Retry-After) is retried at most this often, waiting at most
   * this long in all, before the spec's failure text is shown.
   */
  busyRetries: 3,
  busyRetryBudgetMs: 30_000,
  /** Words needed before a speaking-rate average is meaningful. */
  minWordsForRate: 10,
  topicCardMaxWidth: 660,
  transcriptMaxWidth: 960,
  ttsCountry: 'US',
  toastAutoCloseMs: 3500,
  /** Challenging words score under this; the lowest six are shown. */
  challengingBelow: 98,
  challengingShown: 6,
} as const;
