import {
  cefrLevelSchema,
  type DemoReadingResponse,
  type FreeSpeechResponse,
  type WordScore,
} from '@agaton/contracts';
import { z } from 'zod';

/**
 * What an answer row keeps in `challenge_activities.answer`: the measures the results need, not
 * the whole analysis (word explanations, narratives and respellings are left out).
 */

const storedWordSchema = z.object({
  word: z.string(),
  word_normalised: z.string(),
  score: z.number(),
  status: z.enum(['ok', 'omitted', 'inserted', 'repeated']),
  start: z.number(),
  end: z.number(),
  uncertain: z.boolean().optional(),
  phonemes: z.array(z.object({ ipa: z.string(), score: z.number() })),
});
export type StoredWord = z.infer<typeof storedWordSchema>;

/** A scored recording: a reading of a sentence or the free answer. */
export const speechAnswerSchema = z.object({
  kind: z.enum(['reading', 'free-speech']),
  overall: z.number(),
  pronunciation: z.number(),
  fluency: z.number(),
  fluencyStats: z.object({
    num_pauses: z.number(),
    num_silences: z.number(),
    num_hesitations: z.number(),
  }),
  /** The recogniser's (free speech) or the pronunciation's (reading) certainty, 0–1. */
  transcriptConfidence: z.number(),
  /** The engine's intelligibility, 0–100 (free speech: from phone evidence and timing); older rows lack it. */
  intelligibility: z.number().optional(),
  /** Words the pronunciation and fluency scores are about. */
  scoredWords: z.number(),
  /** Words per minute as the engine measured it (null under 10 words). */
  speechRate: z.number().nullable(),
  words: z.array(storedWordSchema),
  /** Free speech: what was heard (profanities masked), its CEFR estimate and the answer check. */
  transcript: z.string().optional(),
  cefrEstimation: z
    .object({ grammar: cefrLevelSchema.nullable(), vocabulary: cefrLevelSchema.nullable() })
    .optional(),
  answerCheck: z
    .object({
      empty: z.boolean(),
      too_short: z.boolean(),
      off_topic: z.boolean().nullable(),
      speech_seconds: z.number(),
    })
    .optional(),
});
export type SpeechAnswer = z.infer<typeof speechAnswerSchema>;

/** A multiple-choice answer (listening or reading comprehension). */
export const choiceAnswerSchema = z.object({
  kind: z.literal('choice'),
  answerIndex: z.number(),
  correct: z.boolean(),
});
export type ChoiceAnswer = z.infer<typeof choiceAnswerSchema>;

function storedWords(words: WordScore[]): StoredWord[] {
  return words.map((w) => ({
    word: w.word,
    word_normalised: w.word_normalised,
    score: w.score,
    status: w.status,
    start: w.start,
    end: w.end,
    ...(w.uncertain ? { uncertain: true } : {}),
    phonemes: w.phonemes.map((p) => ({ ipa: p.ipa, score: p.score })),
  }));
}

/** The words a reading's scores are about: the sentence's words (inserted ones are extra). */
const readingWords = (words: WordScore[]) => words.filter((w) => w.status !== 'inserted').length;

/** A reading's analysis as stored. */
export function readingAnswer(response: DemoReadingResponse): SpeechAnswer {
  const a = response.assessment;
  return {
    kind: 'reading',
    overall: a.overall_score,
    pronunciation: a.pronunciation.score,
    fluency: a.fluency.score,
    fluencyStats: a.fluency_stats,
    transcriptConfidence: a.transcriptConfidence.value,
    ...(a.intelligibility ? { intelligibility: a.intelligibility.score } : {}),
    scoredWords: readingWords(response.word_scores),
    speechRate: a.fluency.speech_rate_experimental,
    words: storedWords(response.word_scores),
  };
}

/** The free answer's analysis as stored. */
export function freeSpeechAnswer(response: FreeSpeechResponse): SpeechAnswer {
  const a = response.assessment;
  const scored =
    a.pronunciation.scored_words ??
    response.word_scores.filter((w) => !w.uncertain && w.status !== 'omitted').length;
  return {
    kind: 'free-speech',
    overall: a.overall_score,
    pronunciation: a.pronunciation.score,
    fluency: a.fluency.score,
    fluencyStats: a.fluency_stats,
    transcriptConfidence: a.transcriptConfidence.value,
    ...(a.intelligibility ? { intelligibility: a.intelligibility.score } : {}),
    scoredWords: scored,
    speechRate: a.fluency.speech_rate_experimental,
    words: storedWords(response.word_scores),
    transcript: response.transcript,
    ...(a.cefrEstimation ? { cefrEstimation: a.cefrEstimation } : {}),
    ...(response.answer_check ? { answerCheck: response.answer_check } : {}),
  };
}

/** Reads a stored speech answer; null for rows that hold none (or an unreadable one). */
export function parseSpeechAnswer(answer: unknown): SpeechAnswer | null {
  const parsed = speechAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}
