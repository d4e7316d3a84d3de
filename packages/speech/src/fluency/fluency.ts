import { MIN_WORDS_FOR_RATE, SPEAKING_RATE } from '@agaton/contracts';
import type { VoicedSegment } from '../audio/vad.ts';
import type { FluencyProfile, PauseEvent } from '../types.ts';
import { findEvents, LONG_PAUSE_SEC, normaliseWord, spokenWords, type TimedWord } from './events.ts';
import { countSentences, sentenceSpans } from './sentences.ts';

export interface FluencyInput {
  /** Aligned (reading) or recognised (free speech) words in time order, fillers included. */
  words: TimedWord[];
  /** Voiced segments of the recording (from `detectVoice`). */
  voiced: VoicedSegment[];
  /** Reading: sentences are counted from its punctuation. */
  referenceText?: string;
  /** Calibrated fluency score 0–100; without it a rule-based estimate is used. */
  score?: number;
}

export { MIN_WORDS_FOR_RATE };
/** Spec: average English speech runs at 120–150 words per minute. */
export const AVERAGE_WPM = SPEAKING_RATE.average;

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Pauses, hesitations, rate and their per-sentence share: the fluency profile of one recording. */
export function analyseFluency(input: FluencyInput): FluencyProfile {
  const { words, voiced, referenceText } = input;
  const events = findEvents(words, voiced);
  const pauses = events.filter((e) => e.kind === 'pause').length;
  const silences = events.filter((e) => e.kind === 'silence').length;
  const filledPauses = events.filter((e) => e.kind === 'filled-pause').length;
  const repetitions = events.filter((e) => e.kind === 'repetition').length;
  const hesitations = filledPauses + repetitions;
  const longPauses = events.filter((e) => isGap(e) && e.end - e.start >= LONG_PAUSE_SEC).length;

  const spoken = spokenWords(words);
  const spans = sentenceSpans(
    words.filter((w) => w.status !== 'inserted' && w.status !== 'omitted'),
    referenceText,
  );
  const sentenceCount = referenceText ? countSentences(referenceText) : Math.max(1, spans.length);
  const perSentence = round1((hesitations + pauses + silences) / sentenceCount);
  const rate = speakingRate(spoken, events);
  const counts = { pauses, silences, hesitations, filledPauses, repetitions, longPauses };
  const score = input.score ?? estimateScore(perSentence, longPauses, rate.wordsPerMinute, sentenceCount);

  return {
    score,
    explanation:
      spoken.length === 0
        ? 'No words were heard to measure fluency on.'
        : explainFluency({ counts, perSentence, wpm: rate.wordsPerMinute }),
    pauses: events,
    counts,
    hesitationsAndPausesPerSentence: perSentence,
    sentences: sentenceShares(spans, events, sentenceCount),
    speakingRate: rate,
  };
}

const isGap = (e: PauseEvent) => e.kind === 'pause' || e.kind === 'silence';

/**
 * Words per minute over the speaking time (first word to last, pauses included) and articulation
 * rate (the same words over the time left when pauses are taken out), both null under 10 words.
 */
function speakingRate(spoken: TimedWord[], events: PauseEvent[]): FluencyProfile['speakingRate'] {
  const { fastWords, slowWords } = fastAndSlowWords(spoken);
  if (spoken.length < MIN_WORDS_FOR_RATE) {
    return {
      wordsPerMinute: null,
      articulationRate: null,
      explanation: `At least ${MIN_WORDS_FOR_RATE} words are needed to measure the speaking rate.`,
      comparedToAverage: 'unknown',
      fastWords,
      slowWords,
    };
  }
  const span = spoken[spoken.length - 1].end - spoken[0].start;
  const paused = events.filter(isGap).reduce((s, e) => s + (e.end - e.start), 0);
  const wpm = Math.round((spoken.length / span) * 60);
  const articulation = Math.round((spoken.length / Math.max(span - paused, 0.1)) * 60);
  const compared = wpm < AVERAGE_WPM.min ? 'slower' : wpm > AVERAGE_WPM.max ? 'faster' : 'average';
  const phrase = { slower: 'slower than', average: 'within', faster: 'faster than' }[compared];
  return {
    wordsPerMinute: wpm,
    articulationRate: articulation,
    explanation: `You spoke at ${wpm} words per minute, ${phrase} the ${AVERAGE_WPM.min}–${AVERAGE_WPM.max} average of US English speakers.`,
    comparedToAverage: compared,
    fastWords,
    slowWords,
  };
}

/**
 * Words said much faster or slower than the speaker's own pace: duration per phone (per letter
 * when phones are unknown) against the speaker's median. Relative to the speaker, so an accent or a
 * slow reader does not make every word "slow".
 */
function fastAndSlowWords(spoken: TimedWord[]): { fastWords: string[]; slowWords: string[] } {
  const paced = spoken
    .map((w) => ({ word: normaliseWord(w.text), perUnit: (w.end - w.start) / units(w) }))
    .filter((w) => w.perUnit > 0);
  if (paced.length < 4) return { fastWords: [], slowWords: [] };
  const sorted = paced.map((w) => w.perUnit).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const pick = (test: (x: number) => boolean) => [
    ...new Set(paced.filter((w) => test(w.perUnit / median)).map((w) => w.word)),
  ];
  return { fastWords: pick((r) => r < 0.55).slice(0, 10), slowWords: pick((r) => r > 1.8).slice(0, 10) };
}

function units(w: TimedWord): number {
  return Math.max(1, w.phoneCount ?? normaliseWord(w.text).replace(/'/g, '').length * 0.8);
}

function sentenceShares(
  spans: { start: number; end: number }[],
  events: PauseEvent[],
  count: number,
): NonNullable<FluencyProfile['sentences']> {
  const within = (kinds: PauseEvent['kind'][]) =>
    spans.filter((s) => events.some((e) => kinds.includes(e.kind) && e.start >= s.start && e.end <= s.end))
      .length;
  return {
    count,
    withPauses: within(['pause']),
    withHesitations: within(['filled-pause', 'repetition']),
    withSilences: within(['silence']),
  };
}

/** Rule-based fallback when no calibrated score is supplied. */
function estimateScore(
  perSentence: number,
  longPauses: number,
  wpm: number | null,
  sentences: number,
): number {
  let score = 100 - 12 * perSentence - (8 * longPauses) / sentences;
  if (wpm !== null && wpm < 100) score -= (100 - wpm) * 0.6;
  if (wpm !== null && wpm > 170) score -= (wpm - 170) * 0.4;
  return Math.round(Math.max(0, Math.min(100, score)));
}

function explainFluency(x: {
  counts: { pauses: number; silences: number; hesitations: number; longPauses: number };
  perSentence: number;
  wpm: number | null;
}): string {
  const { pauses, silences, hesitations, longPauses } = x.counts;
  const rate = x.wpm === null ? '' : ` at ${x.wpm} words per minute`;
  if (pauses + silences + hesitations === 0)
    return `Smooth delivery${rate} with no hesitations or long pauses.`;
  const parts = [
    pauses + silences > 0
      ? `${plural(pauses + silences, 'pause')}${longPauses ? ` (${longPauses} long)` : ''}`
      : '',
    hesitations > 0 ? plural(hesitations, 'hesitation') : '',
  ].filter(Boolean);
  return `${parts.join(' and ')}: ${x.perSentence} per sentence${rate}.`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
