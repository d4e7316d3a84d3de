import type { SessionMetrics, SessionPhonemeMetric, SessionWordMetric } from '@agaton/contracts';
import { phonemeInfo, respell } from '../profiles/phonemes.ts';
import { CHALLENGING_AT_OR_BELOW, scorableWords } from '../profiles/pronunciation.ts';
import type { SpeechAnalysis, WordResult } from '../types.ts';

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const EXAMPLE_WORDS = 5;

/** The figures of a session's `SessionMetrics` (`@agaton/contracts`) from one analysis. */
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
