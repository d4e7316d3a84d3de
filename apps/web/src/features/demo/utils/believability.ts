import type { FreeSpeechScoreResponse } from '../api/score-types';
import type { CefrBand } from './banding';
import { intelligibilityLabel } from './banding';

/** What the free-speech response tells us about an answer (spec 3 section 3.10). */
export interface BelievabilityInput {
  /** Words in the transcript. */
  wordCount: number;
  /** ROUGE-1 of the answer against the topic, 0–1; null when the server had no topic. */
  rouge1: number | null;
  /** CEFR estimation of the answer's vocabulary and grammar. */
  cefr: { vocabulary?: CefrBand | null; grammar?: CefrBand | null };
  /** Recognition confidence 0–1 from the assessment. */
  transcriptConfidence: number;
}

export interface BelievabilityScore {
  /** 0–100: how much the answer looks like a genuine, on-topic response. */
  score: number;
  transcriptConfidence: { value: number; humanizedValue: 'High' | 'Medium' | 'Low' };
  /** Short reasons a visitor can act on, empty when nothing lowers the score. */
  reasons: string[];
}

/** Answers of about 40 words or more (≈ 20 s of speech) count as full length. */
const FULL_LENGTH_WORDS = 40;
/** Reusing about a fifth of the topic's words is typical of an on-topic answer. */
const ON_TOPIC_ROUGE1 = 0.2;
const CEFR_INDEX: Record<CefrBand, number> = { A1: 1, A2: 2, B1: 3, B2: 4, C1: 5, C2: 6 };

/**
 * Believability of a free answer, computed on the client from answer length, CEFR stats and ROUGE-1
 * (spec 3 section 3.10). Length weighs most because a few words cannot show anything; relevance next,
 * because an off-topic answer may be memorised; language level last, since a simple answer can be honest.
 */
export function believabilityScore(input: BelievabilityInput): BelievabilityScore {
  const length = Math.min(1, Math.max(0, input.wordCount) / FULL_LENGTH_WORDS);
  const relevance = input.rouge1 === null ? 0.5 : Math.min(1, Math.max(0, input.rouge1) / ON_TOPIC_ROUGE1);
  const levels = [input.cefr.vocabulary, input.cefr.grammar].filter((l): l is CefrBand => !!l);
  // B2 and above count in full; an answer with no estimable level gets nothing for language.
  const language = levels.length
    ? Math.min(1, levels.reduce((sum, l) => sum + CEFR_INDEX[l], 0) / levels.length / CEFR_INDEX.B2)
    : 0;
  const score = Math.round(100 * (0.45 * length + 0.35 * relevance + 0.2 * language));
  const reasons: string[] = [];
  if (length < 1) reasons.push('Give a longer answer: aim for at least 40 words.');
  if (relevance < 0.5) reasons.push('Stay on the topic: use the words of the question in your answer.');
  if (language < 0.75) reasons.push('Use a wider range of words and sentence structures.');
  const value = Math.min(1, Math.max(0, input.transcriptConfidence));
  return { score, transcriptConfidence: { value, humanizedValue: intelligibilityLabel(value) }, reasons };
}

/** Believability of a free-speech response as the api returns it. */
export function believabilityOf(response: FreeSpeechScoreResponse) {
  const stats = response.nlp_assessment.cefr_stats;
  return believabilityScore({
    wordCount: stats.word_count,
    rouge1: response.nlp_assessment.text_similarity_metrics.rouge1,
    cefr: { vocabulary: stats.vocabulary, grammar: stats.grammar },
    transcriptConfidence: response.assessment.transcriptConfidence.value,
  });
}
