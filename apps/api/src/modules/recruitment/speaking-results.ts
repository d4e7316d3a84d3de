import { MIN_WORDS_FOR_RATE, type SpeakingResults, TEST_RULES } from '@agaton/contracts';
import type { SpeechAnswer, StoredWord } from './activity-answers.ts';

/** The speaking fields of a resultsBlob (spec 2 §3), without the test-wide scores. */
export type SpeakingFields = Omit<SpeakingResults, 'testOverallScore' | 'testCompletionScore'>;

const round = (x: number) => Math.max(0, Math.min(100, Math.round(x)));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A word the recording says (not one the reader left out or the recogniser added). */
const spoken = (w: StoredWord) => w.status !== 'omitted' && w.word_normalised !== '';
/** A word whose score means something: spoken, not inserted, and heard with certainty. */
const judged = (w: StoredWord) => spoken(w) && w.status !== 'inserted' && !w.uncertain;

/** Mean of `values` weighted by `weights`; the plain mean when every weight is 0. */
function weighted(values: number[], weights: number[]): number {
  const total = sum(weights);
  if (total > 0) return sum(values.map((v, i) => v * weights[i])) / total;
  return values.length ? sum(values) / values.length : 0;
}

/** Items scoring under the challenging rule (spec 2 §9: under 98, the lowest 6), distinct, by mean. */
function lowest(scores: Map<string, number[]>): { label: string; score: number }[] {
  return [...scores.entries()]
    .map(([label, xs]) => ({ label, score: round(sum(xs) / xs.length) }))
    .filter((x) => x.score < TEST_RULES.challengingBelow)
    .sort((a, b) => a.score - b.score || a.label.localeCompare(b.label))
    .slice(0, TEST_RULES.challengingKept);
}

function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Words per minute: the free answer's own rate when it has one (spontaneous speech is what a rate
 * describes); otherwise the readings' spoken words over the time from each reading's first to last
 * word. Null under MIN_WORDS_FOR_RATE words.
 */
function speakingRate(answers: SpeechAnswer[]): number | null {
  const free = answers.find((a) => a.kind === 'free-speech' && a.speechRate !== null);
  if (free) return free.speechRate;
  let words = 0;
  let seconds = 0;
  for (const a of answers.filter((x) => x.kind === 'reading')) {
    const said = a.words.filter((w) => spoken(w) && w.status !== 'inserted');
    if (said.length === 0) continue;
    words += said.length;
    seconds += Math.max(0, Math.max(...said.map((w) => w.end)) - Math.min(...said.map((w) => w.start)));
  }
  if (words < MIN_WORDS_FOR_RATE || seconds <= 0) return null;
  return Math.round((words / seconds) * 60);
}

/**
 * The speaking fields over every recording of the test (the readings and the free answer).
 * Pronunciation and fluency: each recording's score weighted by the words it is about. Pauses,
 * hesitations and silences: summed. Confidence: the recordings' transcript confidence weighted by
 * their spoken words, as a percentage. Intelligibility: the engine's intelligibility of each
 * recording (free speech: from phone evidence and timing, never the recogniser's failure) weighted by
 * its spoken words; rows stored before it was kept fall back to the old rule (half confidence, half
 * the share of spoken words heard with certainty and scoring over 60) over all spoken words at once.
 * Challenging words and sounds (IPA): mean score per distinct word or sound over the words heard
 * with certainty, under 98, the lowest 6.
 */
export function aggregateSpeaking(answers: SpeechAnswer[]): SpeakingFields {
  if (answers.length === 0) {
    return {
      pronunciation: 0,
      fluency: 0,
      speakingRate: null,
      pausesCount: 0,
      hesistationsCount: 0,
      silencesCount: 0,
      intelligibility: 0,
      confidence: 0,
      challengingSounds: [],
      challengingWords: [],
    };
  }
  const weights = answers.map((a) => a.scoredWords);
  const spokenCounts = answers.map((a) => a.words.filter(spoken).length);
  const allSpoken = answers.flatMap((a) => a.words.filter(spoken));
  const confidence = weighted(
    answers.map((a) => a.transcriptConfidence),
    spokenCounts,
  );
  const understood = allSpoken.length
    ? allSpoken.filter((w) => !w.uncertain && w.score > 60).length / allSpoken.length
    : 0;

  const words = new Map<string, number[]>();
  const sounds = new Map<string, number[]>();
  for (const w of answers.flatMap((a) => a.words.filter(judged))) {
    push(words, w.word_normalised, w.score);
    for (const p of w.phonemes) push(sounds, p.ipa, p.score);
  }
  return {
    pronunciation: round(
      weighted(
        answers.map((a) => a.pronunciation),
        weights,
      ),
    ),
    fluency: round(
      weighted(
        answers.map((a) => a.fluency),
        weights,
      ),
    ),
    speakingRate: speakingRate(answers),
    pausesCount: sum(answers.map((a) => a.fluencyStats.num_pauses)),
    hesistationsCount: sum(answers.map((a) => a.fluencyStats.num_hesitations)),
    silencesCount: sum(answers.map((a) => a.fluencyStats.num_silences)),
    intelligibility: answers.every((a) => a.intelligibility !== undefined)
      ? round(
          weighted(
            answers.map((a) => a.intelligibility ?? 0),
            spokenCounts,
          ),
        )
      : round(100 * (0.5 * confidence + 0.5 * understood)),
    confidence: round(confidence * 100),
    challengingSounds: lowest(sounds).map((s) => ({ phoneme: s.label, score: s.score })),
    challengingWords: lowest(words).map((w) => ({ word_normalised: w.label, score: w.score })),
  };
}
