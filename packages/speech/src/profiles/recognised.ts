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
 * Utterance scores of recognised speech (free speech, meetings).
 *
 * With `delivery` (the installed transcript-free scales, `src/delivery/`), pronunciation and
 * fluency come from all voiced speech — how clearly it matched English sounds, its pace and its
 * pauses — and not from the recogniser's words, which are mostly wrong on learner speech (issue 26:
 * held out, 0.66 with the experts' accuracy and 0.78 with their fluency, against 0.05–0.10 and 0.58
 * for the word-based scores on other speakers).
 *
 * Without it (engines given fake models in tests) pronunciation comes from the words the recogniser
 * was sure of: each chunk's calibrated pronunciation counts as many times as it holds such words;
 * 0 when it was sure of no word. Fluency then is the scorer's, over all chunks.
 *
 * Prosody is the scorer's, over all chunks. The total is the mean of pronunciation and fluency (the
 * scorer's own total was fitted on read sentences, where it also weighs how accurately a known text
 * was read).
 */
export function recognisedScores(
  all: UtteranceScores,
  chunks: RecognisedChunk[],
  delivery?: { pronunciation: number; fluency: number },
): UtteranceScores {
  if (delivery) {
    const { pronunciation, fluency } = delivery;
    return { ...all, pronunciation, fluency, total: (pronunciation + fluency) / 2 };
  }
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
