import { z } from 'zod';
import { sessionSpeechSchema } from './scoring.ts';
import { sessionProfileSchema, timedWordSchema } from './sessions.ts';

/**
 * What the speech engine hands the API for one recorded session (`toSessionAnalysis` in
 * `@agaton/speech`), checked where it crosses from the analysis worker, and the shapes the API stores
 * from it (`sessions.profile`, `.words`, `.metrics`, jsonb typed by these in `@agaton/db`).
 */

/** A distinct word scored sound by sound in the session. */
export const sessionWordMetricSchema = z.object({
  /** As first heard (transcript spelling). */
  word: z.string(),
  /** Lower case, punctuation removed: the key across sessions. */
  normalised: z.string(),
  /** Times it was scored sound by sound (long meetings score a sample of their speech). */
  count: z.number().int().min(0),
  /** Mean score 0–100 over those times. */
  averageScore: z.number().min(0).max(100),
  /** averageScore ≤ 80 (spec 1 §9). */
  challenging: z.boolean(),
});
export type SessionWordMetric = z.infer<typeof sessionWordMetricSchema>;

/** A sound (phone) heard in the scored words. */
export const sessionPhonemeMetricSchema = z.object({
  /** ARPAbet without stress digits ("TH"): the key across sessions. */
  phone: z.string(),
  ipa: z.string(),
  /** Learner respelling ("th"). */
  respelled: z.string(),
  /** Times it was scored. */
  count: z.number().int().min(0),
  /** Mean score 0–100. */
  averageScore: z.number().min(0).max(100),
  /** Times it scored 80 or below. */
  challengingCount: z.number().int().min(0),
  /** Up to 5 of the learner's own words where it scored 80 or below, lowest first. */
  exampleWords: z.array(z.string()),
});
export type SessionPhonemeMetric = z.infer<typeof sessionPhonemeMetricSchema>;

/**
 * One analysed session's figures, stored as jsonb beside the session and read by the insights and the
 * coaching report writers. Every value is what the engine measured on the recording; none is filled
 * in when it could not be measured (a speaking rate under 10 words is null, lists may be empty).
 */
export const sessionMetricsSchema = z.object({
  /** Shape version, so stored rows stay readable when fields are added. */
  version: z.literal(1),
  /** 0–100, as on the feedback page. */
  pronunciation: z.number(),
  fluency: z.number(),
  intelligibility: z.number(),
  /** The overall score 0–100 (mean of pronunciation and fluency for recognised speech). */
  total: z.number(),
  /** Mean recogniser confidence of the spoken words × 100: how surely the speech was made out. */
  clarity: z.number(),
  /** Words recognised (fillers not counted). */
  wordsSaid: z.number().int().min(0),
  /** Of those, words scored sound by sound: the evidence behind pronunciation and the lists below. */
  scoredWords: z.number().int().min(0),
  /**
   * Vocabulary variety 0–100: the moving-average type-token ratio (MATTR, 50-word windows) of the
   * words the recogniser was sure of, so it does not fall just because a session is longer; null
   * under 50 such words.
   */
  wordVariety: z.number().nullable(),
  /** Seconds of voiced audio (talk share × duration, so within 0.5 % of the duration). */
  speakingSeconds: z.number().min(0),
  durationSeconds: z.number().min(0),
  /** Voiced time ÷ duration, 0–100 ("You spoke N% of the session"). */
  speakingTimePercentage: z.number(),
  /** From the first word to the last; null under 10 words. */
  wordsPerMinute: z.number().nullable(),
  /** The same words over the time left when pauses are taken out; null under 10 words. */
  articulationRate: z.number().nullable(),
  /** Against the 120–150 average of US English speakers. */
  paceVerdict: z.enum(['slower', 'average', 'faster', 'unknown']),
  /** Silent gaps of 0.25–2 s between words. */
  pauses: z.number().int().min(0),
  /** Pauses and silences of 0.7 s or more. */
  longPauses: z.number().int().min(0),
  /** Gaps of 2 s or more. */
  silences: z.number().int().min(0),
  /** Fillers such as "um", "uh". */
  filledPauses: z.number().int().min(0),
  /** Immediate repetitions of a word. */
  repetitions: z.number().int().min(0),
  /** Filled pauses + repetitions. */
  hesitations: z.number().int().min(0),
  /** Sentences found (punctuation or pauses of 0.7 s or more). */
  sentences: z.number().int().min(0),
  /** (Hesitations + pauses + silences) ÷ sentences, one decimal. */
  hesitationsAndPausesPerSentence: z.number().min(0),
  /** Which fillers were said and how often, most frequent first. */
  fillers: z.array(z.object({ word: z.string(), count: z.number().int().min(0) })),
  /** Every distinct scored word, lowest average first. */
  words: z.array(sessionWordMetricSchema),
  /** Every sound heard in the scored words, lowest average first. */
  phonemes: z.array(sessionPhonemeMetricSchema),
  /** Words said much faster or slower than the learner's own pace. */
  fastWords: z.array(z.string()),
  slowWords: z.array(z.string()),
});
export type SessionMetrics = z.infer<typeof sessionMetricsSchema>;

/** The analysis worker's answer for a recorded session. */
export const sessionAnalysisSchema = z.object({
  speech: sessionSpeechSchema,
  words: z.array(timedWordSchema),
  metrics: sessionMetricsSchema,
});
export type SessionAnalysis = z.infer<typeof sessionAnalysisSchema>;

/** What `sessions.profile` holds once analysed: the profile's fields besides ids, times and links. */
export const storedSessionProfileSchema = sessionProfileSchema.pick({
  speakingTimePercentage: true,
  wordsSaid: true,
  evaluation: true,
  highlights: true,
  transcript: true,
  blocks: true,
  subProfiles: true,
});
export type StoredSessionProfile = z.infer<typeof storedSessionProfileSchema>;
