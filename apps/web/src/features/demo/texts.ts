import { CHALLENGING_AT_OR_BELOW } from '@agaton/contracts';
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
  /**
   * After the server's own reason for refusing the recording itself (no speech heard, too short, not
   * decodable): the spec's "Something went wrong" would hide what the visitor can fix.
   */
  recordAgain: 'Check that your microphone is on and speak close to it, then record again.',
  /** Weakest sounds when none scored at or below the challenging threshold (80). */
  allSoundsClear: `No sound scored ${CHALLENGING_AT_OR_BELOW} or below: none stands out to practise.`,
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
  /** The results' finish reason (spec 3 §3.10 `finishReason`) in words. */
  finishReason: { FULL_COMPLETE: 'Test finished' },
  restart: 'Take the demo again',
  /** The end of the demo: where a visitor can go from here. */
  nextStepsTitle: 'What next?',
  coachTitle: 'Coach your own English',
  coachText: (minutes: number) =>
    `Sign up and get ${minutes} free recording minutes: record your meetings or practise alone, and get feedback like this on every session.`,
  coachAction: 'Sign up as a coach',
  testTitle: 'Test your candidates',
  testText: (price: number | null) =>
    `Send this test to the people you hire with the English Test${price === null ? '' : ` (${price} € per test)`}. Our team sets it up with you.`,
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
  /** Weakest sounds and words to practise: the lowest six at or below the challenging threshold. */
  challengingShown: 6,
} as const;
