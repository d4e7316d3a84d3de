import { isProfane, maskWord } from '../content/profanity.ts';
import type { WordResult } from '../types.ts';
import type { UtteranceScores } from './assemble.ts';
import { scorableWords } from './pronunciation.ts';

/**
 * Utterance scores of recognised speech (free speech, meetings). Pronunciation is the mean score of
 * the words the recogniser was sure of (uncertain words are its guesses, not what was said); 0 when
 * it was sure of none. Fluency, prosody and the total come from the calibrated scorer's chunks.
 */
export function recognisedScores(chunks: UtteranceScores, words: WordResult[]): UtteranceScores {
  const scored = scorableWords(words);
  const pronunciation = scored.length ? scored.reduce((s, w) => s + w.score, 0) / scored.length : 0;
  return { ...chunks, pronunciation };
}

/** A recognised word as users may see it: a profanity or slur masked ("f***"), flagged `masked`. */
export function maskWordResult(w: WordResult): WordResult {
  if (!isProfane(w.word) && !isProfane(w.normalised)) return w;
  const word = maskWord(w.word, true);
  const normalised = maskWord(w.normalised, true);
  const explanation = w.explanation.split(w.word).join(word);
  return { ...w, word, normalised, explanation, masked: true };
}
