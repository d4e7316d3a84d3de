import { z } from 'zod';

/**
 * Speech scoring responses, in the shapes the spec's screens use: the demo's reading and free-speech
 * responses (spec 3 §3.10, snake_case as there), the session sub-profiles (spec 1 §3, including the
 * spelling "intelligibillityProfile") and the speaking fields of a challenge's resultsBlob (spec 2 §3,
 * including "hesistationsCount"). `@agaton/speech` adapters produce these; the API validates with them.
 */

/** Limits of one scoring request (spec 3 §7.6 and our defaults; the API's settings may lower them). */
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

const score100 = z.number().min(0).max(100);
export const performanceSchema = z.enum(['HIGH', 'MEDIUM', 'LOW']);

/** Spec 1 §9: words scoring 80% or below are challenging, above are mastered. */
export const CHALLENGING_AT_OR_BELOW = 80;
/** Spec 1 §2 and §9: the speaking-rate gauge runs 100–170 words per minute; US English speakers average 120–150. */
/** Spec: a speaking rate needs at least 10 words (below, wordsPerMinute is null). */
export const MIN_WORDS_FOR_RATE = 10;
export const SPEAKING_RATE = { scale: { min: 100, max: 170 }, average: { min: 120, max: 150 } } as const;
/**
 * A reading whose recording is not a reading of the text shown (another sentence, another language,
 * noise): said instead of any score explanation, in the API and on screen (issue 25).
 */
export const NOT_THE_TEXT = 'This does not sound like the sentence shown — try reading it again.';
export const cefrLevelSchema = z.enum(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
export type CefrLevelName = z.infer<typeof cefrLevelSchema>;

/** One reason behind a score, shown as a keyword with a sentence. */
export const explanationItemSchema = z.object({ keyword: z.string(), description: z.string() });

export const phonemeScoreSchema = z.object({
  /** ARPAbet without stress digits. */
  phoneme: z.string(),
  ipa: z.string(),
  respelled: z.string(),
  score: score100,
  performance: performanceSchema,
});

export const wordScoreSchema = z.object({
  word: z.string(),
  word_normalised: z.string(),
  /** Seconds from the start of the recording. */
  start: z.number(),
  end: z.number(),
  score: score100,
  performance: performanceSchema,
  confidence: z.number().min(0).max(1),
  status: z.enum(['ok', 'omitted', 'inserted', 'repeated']),
  explanation: z.string(),
  phonemes: z.array(phonemeScoreSchema),
  /**
   * Free speech: the recogniser was not sure of this word. It was not scored (its score is the
   * recogniser's confidence, phonemes empty) and is shown as "not sure what was said here".
   */
  uncertain: z.boolean().optional(),
  /** The recogniser produced a profanity or slur here; `word` is masked ("f***"). */
  masked: z.boolean().optional(),
});
export type WordScore = z.infer<typeof wordScoreSchema>;

export const transcriptConfidenceSchema = z.object({
  value: z.number().min(0).max(1),
  /** Spec: ≥ 0.8 High, ≥ 0.5 Medium, otherwise Low. Shown as Intelligibility. */
  humanizedValue: z.enum(['High', 'Medium', 'Low']),
});

const scoredWithReasons = z.object({ score: score100, explanation: z.array(explanationItemSchema) });

export const demoAssessmentSchema = z.object({
  overall_score: score100,
  /** What drove the overall score, e.g. that a free answer was off-topic or very short. */
  overall_explanation: z.string().optional(),
  pronunciation: scoredWithReasons.extend({
    /**
     * Free speech: recognised words the recogniser was sure of (the ones scored sound by sound), all
     * recognised words, and their ratio 0–1. The pronunciation score is judged from all of the speech.
     */
    scored_words: z.number().int().min(0).optional(),
    total_words: z.number().int().min(0).optional(),
    scored_share: z.number().min(0).max(1).optional(),
  }),
  fluency: scoredWithReasons.extend({
    /** Words per minute; null under 10 words. */
    speech_rate_experimental: z.number().nullable(),
  }),
  fluency_stats: z.object({
    num_pauses: z.number().int().min(0),
    num_silences: z.number().int().min(0),
    num_hesitations: z.number().int().min(0),
  }),
  /** Reading: how much of the text was read. Free speech: length, relevance to the topic and range. */
  content: scoredWithReasons.optional(),
  /** The recogniser's own certainty (free speech) or the mean word score (reading). */
  transcriptConfidence: transcriptConfidenceSchema,
  /**
   * Extension (decision 027): how understandable the speaker is, 0–100 — free speech from phone
   * evidence and timing over all of the speech, never from the recogniser's failure. The demo shows
   * this as Intelligibility (spec 3 §3.10 names transcriptConfidence, which measures the recogniser).
   */
  intelligibility: z.object({ score: score100, explanation: z.string() }).optional(),
  /**
   * Reading: whether the recording reads the text at all. `matches_text: false` (another sentence,
   * another language, noise): every word has status "omitted", every score is 0, and
   * `overall_explanation` is {@link NOT_THE_TEXT}.
   */
  reading_check: z.object({ matches_text: z.boolean() }).optional(),
  /**
   * Free speech. The client shows grammar B1 as "B1 or higher". A level is null when too few words
   * were clearly recognised to estimate it (TRANSCRIPT_TEXTS.noGrammar / noVocabulary).
   */
  cefrEstimation: z
    .object({ grammar: cefrLevelSchema.nullable(), vocabulary: cefrLevelSchema.nullable() })
    .optional(),
});
export type DemoAssessment = z.infer<typeof demoAssessmentSchema>;

/** POST score/public/phrase (demo reading). */
export const demoReadingResponseSchema = z.object({
  word_scores: z.array(wordScoreSchema),
  assessment: demoAssessmentSchema,
});
export type DemoReadingResponse = z.infer<typeof demoReadingResponseSchema>;

/** POST score/public/free-speech. */
export const freeSpeechResponseSchema = z.object({
  word_scores: z.array(wordScoreSchema),
  assessment: demoAssessmentSchema,
  nlp_assessment: z.object({
    narrative: z.string(),
    cefr_stats: z.object({
      /** Null when too few words were clearly recognised to estimate it. */
      vocabulary: cefrLevelSchema.nullable(),
      grammar: cefrLevelSchema.nullable(),
      /** Share of content words per CEFR level, 0–1. */
      vocabulary_distribution: z.record(cefrLevelSchema, z.number()),
      word_count: z.number().int().min(0),
    }),
    text_similarity_metrics: z.object({ rouge1: z.number().min(0).max(1).nullable() }),
  }),
  /** Profanities and slurs the recogniser produced are masked ("f***"). */
  transcript: z.string(),
  /**
   * What lowered the answer as a whole: nothing recognised, too little speech (seconds from the
   * first to the last word), or none of the topic's key words clearly heard (null without a topic).
   */
  answer_check: z
    .object({
      empty: z.boolean(),
      too_short: z.boolean(),
      off_topic: z.boolean().nullable(),
      speech_seconds: z.number().min(0),
    })
    .optional(),
});
export type FreeSpeechResponse = z.infer<typeof freeSpeechResponseSchema>;

const phonemeRefSchema = z.object({ phonemeRespelled: z.string(), phonemeIpa: z.string() });

const profileWordSchema = z.object({
  word: z.string(),
  score: score100,
  performance: performanceSchema,
  explanation: z.string(),
  phonemes: z.array(z.object({ phonemeIpa: z.string(), performance: performanceSchema })),
});

export const pronunciationProfileSchema = z.object({
  overallScore: score100,
  overallExplanation: z.string(),
  goodExamples: z.array(z.string()),
  badExamples: z.array(z.string()),
  /** Words scoring 80% or below. */
  challengingWords: z.array(profileWordSchema),
  masteredWords: z.array(profileWordSchema),
  phonemeAnalysis: z.object({
    mostChallengingPhoneme: phonemeRefSchema.nullable(),
    mostChallengingPhonemeCount: z.number().int().min(0),
    mostChallengingDescription: z.string(),
    mostImpactfulPhoneme: phonemeRefSchema.nullable(),
    mostImpactfulPhonemeDescription: z.string(),
  }),
  challengingPhonemes: z.array(phonemeRefSchema.extend({ performance: performanceSchema })),
});

export const fluencyProfileSchema = z.object({
  overallScore: score100,
  overallExplanation: z.string(),
  /** Rounded to one decimal. */
  hesitationsAndPausesPerSentence: z.number().min(0),
  speakingRate: z.object({
    /** Null under 10 words. Gauge 100–170, average 120–150. */
    wordsPerMinute: z.number().nullable(),
    overallSpeedExplanation: z.string(),
    comparedToAverage: z.object({
      verdict: z.enum(['slower', 'average', 'faster', 'unknown']),
      fastWords: z.array(z.object({ word: z.string() })),
      slowWords: z.array(z.object({ word: z.string() })),
    }),
  }),
});

export const intelligibilityProfileSchema = z.object({
  overallScore: score100,
  overallExplanation: z.string(),
  causeOfLowScore: z.object({
    wordStats: z.array(z.object({ word: z.string(), averageScore: score100 })),
    abbreviationStats: z.array(z.object({ abbreviation: z.string() })),
  }),
});

/** A session's speech fields; the API adds id, timestampSeconds, evaluation, highlights and blocks. */
export const sessionSpeechSchema = z.object({
  durationSeconds: z.number().min(0),
  speakingTimePercentage: score100,
  wordsSaid: z.number().int().min(0),
  transcript: z.string(),
  subProfiles: z.object({
    pronunciationProfile: pronunciationProfileSchema.optional(),
    fluencyProfile: fluencyProfileSchema.optional(),
    intelligibillityProfile: intelligibilityProfileSchema.optional(),
  }),
});
export type SessionSpeech = z.infer<typeof sessionSpeechSchema>;

/** The speaking part of a challenge's resultsBlob (spec 2 §3); scores 0–100. */
export const speakingResultsSchema = z.object({
  pronunciation: score100,
  fluency: score100,
  /** Words per minute; null under 10 words. */
  speakingRate: z.number().nullable(),
  pausesCount: z.number().int().min(0),
  hesistationsCount: z.number().int().min(0),
  silencesCount: z.number().int().min(0),
  intelligibility: score100,
  /** Transcript confidence as a percentage. */
  confidence: score100,
  challengingSounds: z.array(z.object({ phoneme: z.string(), score: score100 })),
  challengingWords: z.array(z.object({ word_normalised: z.string(), score: score100 })),
  testOverallScore: score100,
  testCompletionScore: score100,
});
export type SpeakingResults = z.infer<typeof speakingResultsSchema>;

/**
 * The free-speech demo's topics, by level: the web app asks them, the speech benchmarks answer them
 * (bench:speech-free rotates over them as answers to any of them may be checked).
 */
export const DEMO_FREE_SPEECH_TOPICS = {
  LOW: 'Describe a normal working day. What do you do in the morning and in the afternoon?',
  MEDIUM: 'Tell us about a project you are proud of. What was your role and what did the team achieve?',
  ADVANCED:
    'How will remote and hybrid work change the way companies hire and train people over the next five years?',
} as const;
