import type { WordResult } from '../types.ts';

/**
 * Recognised words with a posterior below this are `uncertain`: the recogniser is not sure what was
 * said, so the word is not scored, is left out of pronunciation, mastered/challenging words and word
 * feedback, and the screen shows it as "not sure what was said here". Chosen on the dev set (see
 * `bench/free-speech.ts` and the speech README): PocketSphinx's right words sit at ≈ 0.99, its wrong
 * ones at 0.01–0.3.
 */
export const UNCERTAIN_BELOW = 0.5;

/** What a learner reads for a word the recogniser was unsure of. */
export const UNCERTAIN_EXPLANATION = 'Not sure what was said here, so this word was not scored.';

/** True when a recognised word's confidence is too low to score it. */
export const isUncertainConfidence = (confidence: number) => confidence < UNCERTAIN_BELOW;

/**
 * The word marked uncertain: its score becomes the recogniser's confidence (0–100, so never above the
 * challenging line), it is LOW, and its explanation says it was not scored. Phones stay for analysis;
 * the profiles and adapters skip them.
 */
export function markUncertain(word: WordResult): WordResult {
  const score = Math.round(100 * Math.max(0, Math.min(1, word.confidence)));
  return { ...word, uncertain: true, score, performance: 'LOW', explanation: UNCERTAIN_EXPLANATION };
}

/** Words that were scored: not uncertain (reading words are never uncertain). */
export const confidentWords = <W extends Pick<WordResult, 'uncertain'>>(words: W[]): W[] =>
  words.filter((w) => !w.uncertain);
