import type { IntelligibilityProfile, SpeechTask, WordResult } from '../types.ts';
import { CHALLENGING_AT_OR_BELOW } from './pronunciation.ts';

/** Spec: at or above 0.8 High, at or above 0.5 Medium, otherwise Low. */
export function humanizeConfidence(value: number): 'High' | 'Medium' | 'Low' {
  return value >= 0.8 ? 'High' : value >= 0.5 ? 'Medium' : 'Low';
}

export interface IntelligibilityInput {
  task: SpeechTask;
  words: WordResult[];
  /** The text as written (reference or transcript), used to find abbreviations by their capitals. */
  text: string;
  /**
   * Recognised speech scored by the delivery scales: its pronunciation score (from all the speech)
   * and the seconds heard. The score then comes from the speaker's speech, not from how sure the
   * recogniser was (issue 26).
   */
  delivery?: { pronunciation: number; speechSec: number };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * How well a listener would understand the speech. Reading: the words are known, so the mean word
 * score and the share of words clear enough to follow. Free speech and meetings with `delivery`:
 * the delivery pronunciation score (how clearly all the speech matched English sounds, with its
 * pace and pauses) — the recogniser failing on a learner is not the learner being hard to follow.
 * Without it: the recogniser's mean word confidence and the share of words it followed.
 * `transcriptConfidence` is always the recogniser's (reading: the mean word score).
 */
export function buildIntelligibilityProfile({
  task,
  words,
  text,
  delivery,
}: IntelligibilityInput): IntelligibilityProfile {
  const spoken = words.filter((w) => w.status !== 'omitted' && w.normalised !== '');
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const confidence = round2(
    task === 'reading' ? mean(spoken.map((w) => w.score / 100)) : mean(spoken.map((w) => w.confidence)),
  );
  // An uncertain word was not understood, whatever its alignment scored (its score is its confidence).
  const understood = spoken.length
    ? spoken.filter((w) => !w.uncertain && w.score > 60).length / spoken.length
    : 0;
  const score = delivery ? delivery.pronunciation : Math.round(100 * (0.5 * confidence + 0.5 * understood));
  // The recogniser's guesses are not words the learner said: no word feedback on them.
  const wordStats = lowestWords(spoken.filter((w) => !w.uncertain));
  const uncertain = spoken.filter((w) => w.uncertain).length;
  const abbreviationStats = findAbbreviations(text, spoken).map((abbreviation) => ({ abbreviation }));
  const humanized = humanizeConfidence(confidence);

  return {
    score,
    explanation: delivery
      ? explainFromSpeech(score, delivery.speechSec, confidence, humanized, wordStats, {
          uncertain,
          words: spoken.length,
        })
      : explain(confidence, humanized, understood, wordStats, {
          uncertain,
          words: spoken.length,
        }),
    transcriptConfidence: { value: confidence, humanizedValue: humanized },
    causeOfLowScore: { wordStats, abbreviationStats },
  };
}

/** The lowest-scoring words (challenging ones only), averaged over their occurrences. */
function lowestWords(words: WordResult[]): { word: string; averageScore: number }[] {
  const byWord = new Map<string, number[]>();
  for (const w of words) byWord.set(w.normalised, [...(byWord.get(w.normalised) ?? []), w.score]);
  return [...byWord.entries()]
    .map(([word, scores]) => ({
      word,
      averageScore: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
    }))
    .filter((w) => w.averageScore <= CHALLENGING_AT_OR_BELOW)
    .sort((a, b) => a.averageScore - b.averageScore || a.word.localeCompare(b.word))
    .slice(0, 5);
}

/**
 * Abbreviations: all-capital tokens in a text that is otherwise in mixed case ("the API"), and runs of
 * single spoken letters in a transcript ("a p i"). Both are hard on listeners when said unclearly.
 */
export function findAbbreviations(text: string, words: WordResult[] = []): string[] {
  const found = new Set<string>();
  const mixedCase = /[a-z]/.test(text);
  if (mixedCase) {
    for (const token of text.split(/\s+/)) {
      const bare = token.replace(/[^A-Za-z.]/g, '').replace(/\.$/, '');
      if (/^(?:[A-Z]\.?){2,}$/.test(bare)) found.add(bare.replace(/\./g, ''));
    }
  }
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 2 && run.some((l) => l !== 'a' && l !== 'i')) found.add(run.join('').toUpperCase());
    run = [];
  };
  for (const w of words) {
    if (/^[a-z]$/.test(w.normalised)) run.push(w.normalised);
    else flush();
  }
  flush();
  return [...found];
}

function explain(
  confidence: number,
  humanized: string,
  understood: number,
  wordStats: { word: string; averageScore: number }[],
  counts: { uncertain: number; words: number },
): string {
  const unsure =
    counts.uncertain > 0
      ? `the recogniser was unsure of ${counts.uncertain} of ${counts.words} words, and `
      : '';
  const share = `${unsure}${Math.round(understood * 100)}% of words were clear enough to follow`;
  const head = `${humanized} transcript confidence (${confidence.toFixed(2)})`;
  if (wordStats.length === 0) return `${head}: ${share}.`;
  const hardest = wordStats
    .slice(0, 2)
    .map((w) => `"${w.word}"`)
    .join(' and ');
  return `${head}: ${share}; ${hardest} ${wordStats.length === 1 ? 'was' : 'were'} hardest to make out.`;
}

/** Intelligibility judged from the speech; what the recogniser made of it follows as a caveat. */
function explainFromSpeech(
  score: number,
  speechSec: number,
  confidence: number,
  humanized: string,
  wordStats: { word: string; averageScore: number }[],
  counts: { uncertain: number; words: number },
): string {
  const head = `Intelligibility ${score}: judged from how clearly all ${Math.round(speechSec)} s of speech matched English sounds, with its pace and pauses.`;
  const transcript =
    counts.uncertain > 0
      ? ` The recogniser was unsure of ${counts.uncertain} of ${counts.words} words (${humanized.toLowerCase()} transcript confidence, ${confidence.toFixed(2)}), so its transcript is approximate.`
      : '';
  const hardest = wordStats
    .slice(0, 2)
    .map((w) => `"${w.word}"`)
    .join(' and ');
  const words = hardest
    ? ` Of the words it was sure of, ${hardest} ${wordStats.length === 1 ? 'was' : 'were'} hardest to make out.`
    : '';
  return `${head}${transcript}${words}`;
}
