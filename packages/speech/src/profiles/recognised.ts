import { isProfane, maskWord } from '../content/profanity.ts';
import type { WordResult } from '../types.ts';
import type { UtteranceScores } from './assemble.ts';
import { scorableWords } from './pronunciation.ts';

/** One scored chunk of recognised speech: its words and the calibrated scorer's utterance scores. */
export interface RecognisedChunk {
  words: WordResult[];
  pronunciation: number | null;
}

/**
 * Utterance scores of recognised speech (free speech, meetings). Pronunciation comes from the words
 * the recogniser was sure of: each chunk's calibrated pronunciation counts as many times as it holds
 * such words, so a stretch where the recogniser was sure of nothing counts for nothing; 0 when it was
 * sure of no word. (The mean word score of the sure words alone agreed with the experts far less:
 * PCC 0.10 against 0.68 on the dev set's 51 speakers, see the speech README.) Fluency and prosody
 * are the scorer's, over all chunks. The total is the mean of pronunciation and fluency: the scorer's
 * own total was fitted on read sentences, where it also weighs how accurately a known text was read,
 * and on recognised speech it agreed with the experts far less (bench:speech-free, speakers held out:
 * PCC 0.570 against 0.707 for this mean).
 */
export function recognisedScores(all: UtteranceScores, chunks: RecognisedChunk[]): UtteranceScores {
  let weight = 0;
  let sum = 0;
  for (const c of chunks) {
    const sure = scorableWords(c.words).length;
    if (c.pronunciation === null || sure === 0) continue;
    weight += sure;
    sum += sure * c.pronunciation;
  }
  const pronunciation = weight ? sum / weight : 0;
  const total = all.fluency === undefined ? all.total : (pronunciation + all.fluency) / 2;
  return { ...all, pronunciation, total };
}

/** A recognised word as users may see it: a profanity or slur masked ("f***"), flagged `masked`. */
export function maskWordResult(w: WordResult): WordResult {
  if (!isProfane(w.word) && !isProfane(w.normalised)) return w;
  const word = maskWord(w.word, true);
  const normalised = maskWord(w.normalised, true);
  const explanation = w.explanation.split(w.word).join(word);
  return { ...w, word, normalised, explanation, masked: true };
}
