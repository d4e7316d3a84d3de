import { phonemeInfo, respell } from '../profiles/phonemes.ts';
import { CHALLENGING_AT_OR_BELOW, scorableWords } from '../profiles/pronunciation.ts';
import type { SpeechAnalysis, WordResult } from '../types.ts';

/** A distinct word scored sound by sound in the session. */
export interface SessionWordMetric {
  /** As first heard (transcript spelling). */
  word: string;
  /** Lower case, punctuation removed: the key across sessions. */
  normalised: string;
  /** Times it was scored sound by sound (long meetings score a sample of their speech). */
  count: number;
  /** Mean score 0–100 over those times. */
  averageScore: number;
  /** averageScore ≤ 80 (spec 1 §9). */
  challenging: boolean;
}

/** A sound (phone) heard in the scored words. */
export interface SessionPhonemeMetric {
  /** ARPAbet without stress digits ("TH"): the key across sessions. */
  phone: string;
  ipa: string;
  /** Learner respelling ("th"). */
  respelled: string;
  /** Times it was scored. */
  count: number;
  /** Mean score 0–100. */
  averageScore: number;
  /** Times it scored 80 or below. */
  challengingCount: number;
  /** Up to 5 of the learner's own words where it scored 80 or below, lowest first. */
  exampleWords: string[];
}

/**
 * One analysed session's figures, stored as jsonb beside the session and read by the insights and the
 * coaching report writers. Every value is what the engine measured on the recording; none is filled
 * in when it could not be measured (a speaking rate under 10 words is null, lists may be empty).
 */
export interface SessionMetrics {
  /** Shape version, so stored rows stay readable when fields are added. */
  version: 1;
  /** 0–100, as on the feedback page. */
  pronunciation: number;
  fluency: number;
  intelligibility: number;
  /** The overall score 0–100 (mean of pronunciation and fluency for recognised speech). */
  total: number;
  /** Mean recogniser confidence of the spoken words × 100: how surely the speech was made out. */
  clarity: number;
  /** Words recognised (fillers not counted). */
  wordsSaid: number;
  /** Of those, words scored sound by sound: the evidence behind pronunciation and the lists below. */
  scoredWords: number;
  /**
   * Vocabulary variety 0–100: the moving-average type-token ratio (MATTR, 50-word windows) of the
   * words the recogniser was sure of, so it does not fall just because a session is longer; null
   * under 50 such words.
   */
  wordVariety: number | null;
  /** Seconds of voiced audio (talk share × duration, so within 0.5 % of the duration). */
  speakingSeconds: number;
  durationSeconds: number;
  /** Voiced time ÷ duration, 0–100 ("You spoke N% of the session"). */
  speakingTimePercentage: number;
  /** From the first word to the last; null under 10 words. */
  wordsPerMinute: number | null;
  /** The same words over the time left when pauses are taken out; null under 10 words. */
  articulationRate: number | null;
  /** Against the 120–150 average of US English speakers. */
  paceVerdict: 'slower' | 'average' | 'faster' | 'unknown';
  /** Silent gaps of 0.25–2 s between words. */
  pauses: number;
  /** Pauses and silences of 0.7 s or more. */
  longPauses: number;
  /** Gaps of 2 s or more. */
  silences: number;
  /** Fillers such as "um", "uh". */
  filledPauses: number;
  /** Immediate repetitions of a word. */
  repetitions: number;
  /** Filled pauses + repetitions. */
  hesitations: number;
  /** Sentences found (punctuation or pauses of 0.7 s or more). */
  sentences: number;
  /** (Hesitations + pauses + silences) ÷ sentences, one decimal. */
  hesitationsAndPausesPerSentence: number;
  /** Which fillers were said and how often, most frequent first. */
  fillers: { word: string; count: number }[];
  /** Every distinct scored word, lowest average first. */
  words: SessionWordMetric[];
  /** Every sound heard in the scored words, lowest average first. */
  phonemes: SessionPhonemeMetric[];
  /** Words said much faster or slower than the learner's own pace. */
  fastWords: string[];
  slowWords: string[];
}

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const EXAMPLE_WORDS = 5;

/** The figures of {@link SessionMetrics} from one analysis. */
export function buildSessionMetrics(a: SpeechAnalysis): SessionMetrics {
  const f = a.fluency;
  const spoken = a.words.filter((w) => w.status !== 'omitted' && w.normalised !== '');
  // Profanities are masked ("f***"): counted in the scores, never shown as a word to practise.
  const scored = scorableWords(a.words);
  const shown = scored.filter((w) => !w.masked);
  const durationSeconds = Math.round(a.durationSec * 10) / 10;
  const speakingTimePercentage = clamp100(a.speakingTimePercentage);
  return {
    version: 1,
    pronunciation: clamp100(a.overall.pronunciation),
    fluency: clamp100(a.overall.fluency),
    intelligibility: clamp100(a.intelligibility.score),
    total: clamp100(a.overall.total),
    clarity: spoken.length ? clamp100(100 * mean(spoken.map((w) => w.confidence))) : 0,
    wordsSaid: spoken.length,
    scoredWords: scored.length,
    wordVariety: movingTypeTokenRatio(spoken.filter((w) => !w.uncertain).map((w) => w.normalised)),
    speakingSeconds: Math.round(a.durationSec * speakingTimePercentage) / 100,
    durationSeconds,
    speakingTimePercentage,
    wordsPerMinute: f.speakingRate.wordsPerMinute,
    articulationRate: f.speakingRate.articulationRate,
    paceVerdict: f.speakingRate.comparedToAverage,
    pauses: f.counts.pauses,
    longPauses: f.counts.longPauses,
    silences: f.counts.silences,
    filledPauses: f.counts.filledPauses,
    repetitions: f.counts.repetitions,
    hesitations: f.counts.hesitations,
    sentences: f.sentences?.count ?? 0,
    hesitationsAndPausesPerSentence: f.hesitationsAndPausesPerSentence,
    fillers: countFillers(a),
    words: wordMetrics(shown),
    phonemes: phonemeMetrics(scored),
    fastWords: f.speakingRate.fastWords,
    slowWords: f.speakingRate.slowWords,
  };
}

/** Words per window of the moving-average type-token ratio (Covington & McFall 2010 use 50 too). */
const MATTR_WINDOW = 50;

/** MATTR × 100 of `tokens`, rounded; null under one window. */
export function movingTypeTokenRatio(tokens: string[]): number | null {
  if (tokens.length < MATTR_WINDOW) return null;
  const inWindow = new Map<string, number>();
  const add = (t: string, by: number) => {
    const n = (inWindow.get(t) ?? 0) + by;
    if (n === 0) inWindow.delete(t);
    else inWindow.set(t, n);
  };
  for (const t of tokens.slice(0, MATTR_WINDOW)) add(t, 1);
  let sum = inWindow.size;
  for (let i = MATTR_WINDOW; i < tokens.length; i++) {
    add(tokens[i - MATTR_WINDOW], -1);
    add(tokens[i], 1);
    sum += inWindow.size;
  }
  return clamp100((100 * sum) / ((tokens.length - MATTR_WINDOW + 1) * MATTR_WINDOW));
}

function countFillers(a: SpeechAnalysis): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const e of a.fluency.pauses) {
    if (e.kind === 'filled-pause' && e.text) counts.set(e.text, (counts.get(e.text) ?? 0) + 1);
  }
  return [...counts]
    .map(([word, count]) => ({ word, count }))
    .sort((x, y) => y.count - x.count || x.word.localeCompare(y.word));
}

function wordMetrics(words: WordResult[]): SessionWordMetric[] {
  const byWord = new Map<string, { word: string; scores: number[] }>();
  for (const w of words) {
    const entry = byWord.get(w.normalised) ?? { word: w.word, scores: [] };
    entry.scores.push(w.score);
    byWord.set(w.normalised, entry);
  }
  return [...byWord]
    .map(([normalised, { word, scores }]) => {
      const averageScore = clamp100(mean(scores));
      return {
        word,
        normalised,
        count: scores.length,
        averageScore,
        challenging: averageScore <= CHALLENGING_AT_OR_BELOW,
      };
    })
    .sort(
      (x, y) =>
        x.averageScore - y.averageScore || y.count - x.count || x.normalised.localeCompare(y.normalised),
    );
}

function phonemeMetrics(words: WordResult[]): SessionPhonemeMetric[] {
  const byPhone = new Map<
    string,
    { scores: number[]; missed: number; low: { word: string; score: number }[] }
  >();
  for (const w of words) {
    for (const p of w.phones) {
      const entry = byPhone.get(p.phone) ?? { scores: [], missed: 0, low: [] };
      entry.scores.push(p.score);
      if (p.score <= CHALLENGING_AT_OR_BELOW) {
        entry.missed++;
        // A masked word ("f***") counts but is never offered as a word to practise.
        if (!w.masked) entry.low.push({ word: w.normalised, score: p.score });
      }
      byPhone.set(p.phone, entry);
    }
  }
  return [...byPhone]
    .map(([phone, { scores, missed, low }]) => {
      const info = phonemeInfo(phone);
      const examples = [...low].sort((x, y) => x.score - y.score || x.word.localeCompare(y.word));
      return {
        phone: info.phone,
        ipa: info.ipa,
        respelled: respell(phone),
        count: scores.length,
        averageScore: clamp100(mean(scores)),
        challengingCount: missed,
        exampleWords: [...new Set(examples.map((e) => e.word))].slice(0, EXAMPLE_WORDS),
      };
    })
    .sort((x, y) => x.averageScore - y.averageScore || y.count - x.count || x.phone.localeCompare(y.phone));
}
