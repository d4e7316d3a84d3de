import type { SessionMetrics } from '@agaton/contracts';
import { CHALLENGING_AT_OR_BELOW, MIN_WORDS_FOR_RATE, SPEAKING_RATE } from '@agaton/contracts';

/*
 * modules/speaking: what a person's speech shows, computed from stored session metrics — pure
 * functions (no database) that sessions, the coaching reports, insights and the assistant share;
 * it imports none of them.
 *
 * This file: the figures the session summary, the coaching reports and the insights are written from:
 * one session's stored metrics, or several sessions' merged. Only type imports from @agaton/speech,
 * so the api's main thread does not load the engine; the spec's constants come from the contracts.
 */

export { CHALLENGING_AT_OR_BELOW };
/** Spec 1 §2: US English speakers average 120–150 words per minute. */
export const AVERAGE_WPM = SPEAKING_RATE.average;
/** Fewer words than this are too little to judge (the engine's speaking-rate minimum). */
export const MIN_WORDS_TO_JUDGE = MIN_WORDS_FOR_RATE;

/** A sound across sessions. */
export interface SoundFigure {
  phone: string;
  ipa: string;
  respelled: string;
  count: number;
  averageScore: number;
  challengingCount: number;
  /** Sessions where it averaged 80 or below, and sessions where it was heard at all. */
  challengingSessions: number;
  sessions: number;
  /** The learner's own words where it scored low, newest session first, at most 5. */
  exampleWords: string[];
}

/** A word across sessions. */
export interface WordFigure {
  word: string;
  normalised: string;
  count: number;
  averageScore: number;
  challengingSessions: number;
  sessions: number;
}

/** Merged figures of one or more sessions. Null where nothing was measured. */
export interface Figures {
  sessions: number;
  /** Sessions with at least {@link MIN_WORDS_TO_JUDGE} words: the ones scores are averaged over. */
  judged: number;
  wordsSaid: number;
  scoredWords: number;
  speakingSeconds: number;
  durationSeconds: number;
  /**
   * Scores weighted by what each session's score rests on: speaking time for pronunciation and
   * intelligibility (judged from all of the speech; sessions where no word was made out left out),
   * recognised words for the others.
   */
  pronunciation: number | null;
  fluency: number | null;
  intelligibility: number | null;
  total: number | null;
  clarity: number | null;
  wordVariety: number | null;
  /** Speaking time ÷ session time, 0–100. */
  talkShare: number | null;
  wordsPerMinute: number | null;
  /** Per minute of speaking time. */
  fillersPerMinute: number | null;
  pausesPerMinute: number | null;
  longPausesPerMinute: number | null;
  filledPauses: number;
  longPauses: number;
  hesitationsAndPausesPerSentence: number | null;
  fillers: { word: string; count: number }[];
  /** Lowest average first. */
  sounds: SoundFigure[];
  words: WordFigure[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Mean of `value` weighted by `weight`, rounded; null when no weight. */
function weighted<T>(items: T[], value: (t: T) => number | null, weight: (t: T) => number): number | null {
  const known = items.filter((t) => value(t) !== null && weight(t) > 0);
  const total = sum(known.map(weight));
  return total > 0 ? Math.round(sum(known.map((t) => (value(t) ?? 0) * weight(t))) / total) : null;
}

/**
 * Whether a session's pronunciation (and so its intelligibility) was scored: from all of the speech
 * (the engine's delivery scales), or at least from some words scored sound by sound; 0 with no word
 * made out means it was not.
 */
export const pronunciationScored = (m: SessionMetrics) => m.pronunciation > 0 || m.scoredWords > 0;

/** Weight of a session's pronunciation and intelligibility: its speaking time, when they were scored. */
const scoredSpeech = (m: SessionMetrics) => (pronunciationScored(m) ? Math.max(m.speakingSeconds, 1) : 0);

/** Count per minute of speaking time, one decimal; null without speaking time. */
export function perMinute(count: number, speakingSeconds: number): number | null {
  return speakingSeconds > 0 ? round1((60 * count) / speakingSeconds) : null;
}

/**
 * The figures of sessions given newest first (examples then come from the latest speech). Works
 * for one session as for many.
 */
export function figuresOf(newestFirst: SessionMetrics[]): Figures {
  const all = newestFirst;
  const judged = all.filter((m) => m.wordsSaid >= MIN_WORDS_TO_JUDGE);
  const speakingSeconds = sum(all.map((m) => m.speakingSeconds));
  const durationSeconds = sum(all.map((m) => m.durationSeconds));
  const sentences = sum(judged.map((m) => m.sentences));
  return {
    sessions: all.length,
    judged: judged.length,
    wordsSaid: sum(all.map((m) => m.wordsSaid)),
    scoredWords: sum(all.map((m) => m.scoredWords)),
    speakingSeconds: round1(speakingSeconds),
    durationSeconds: round1(durationSeconds),
    // Judged from all of the speech: weighted by speaking time, sessions where nothing was made out
    // left out.
    pronunciation: weighted(judged, (m) => m.pronunciation, scoredSpeech),
    fluency: weighted(
      judged,
      (m) => m.fluency,
      (m) => m.wordsSaid,
    ),
    intelligibility: weighted(judged, (m) => m.intelligibility, scoredSpeech),
    total: weighted(
      judged,
      (m) => m.total,
      (m) => m.wordsSaid,
    ),
    clarity: weighted(
      judged,
      (m) => m.clarity,
      (m) => m.wordsSaid,
    ),
    wordVariety: weighted(
      all,
      (m) => m.wordVariety ?? null,
      (m) => m.wordsSaid,
    ),
    talkShare: durationSeconds > 0 ? Math.round((100 * speakingSeconds) / durationSeconds) : null,
    wordsPerMinute: weighted(
      all,
      (m) => m.wordsPerMinute,
      (m) => m.wordsSaid,
    ),
    fillersPerMinute: perMinute(sum(all.map((m) => m.filledPauses)), speakingSeconds),
    pausesPerMinute: perMinute(sum(all.map((m) => m.pauses)), speakingSeconds),
    longPausesPerMinute: perMinute(sum(all.map((m) => m.longPauses)), speakingSeconds),
    filledPauses: sum(all.map((m) => m.filledPauses)),
    longPauses: sum(all.map((m) => m.longPauses)),
    hesitationsAndPausesPerSentence: sentences
      ? round1(sum(judged.map((m) => m.hesitationsAndPausesPerSentence * m.sentences)) / sentences)
      : null,
    fillers: mergeFillers(all),
    sounds: mergeSounds(all),
    words: mergeWords(all),
  };
}

function mergeFillers(all: SessionMetrics[]): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const m of all) for (const f of m.fillers) counts.set(f.word, (counts.get(f.word) ?? 0) + f.count);
  return [...counts]
    .map(([word, count]) => ({ word, count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

function mergeSounds(newestFirst: SessionMetrics[]): SoundFigure[] {
  const byPhone = new Map<string, SoundFigure & { points: number }>();
  for (const m of newestFirst) {
    for (const p of m.phonemes) {
      const f = byPhone.get(p.phone) ?? {
        ...p,
        count: 0,
        averageScore: 0,
        challengingCount: 0,
        challengingSessions: 0,
        sessions: 0,
        exampleWords: [],
        points: 0,
      };
      f.count += p.count;
      f.points += p.averageScore * p.count;
      f.challengingCount += p.challengingCount;
      f.sessions += 1;
      if (p.averageScore <= CHALLENGING_AT_OR_BELOW) f.challengingSessions += 1;
      f.exampleWords = [...new Set([...f.exampleWords, ...p.exampleWords])].slice(0, 5);
      byPhone.set(p.phone, f);
    }
  }
  return [...byPhone.values()]
    .map(({ points, ...f }) => ({ ...f, averageScore: f.count ? Math.round(points / f.count) : 0 }))
    .sort((a, b) => a.averageScore - b.averageScore || b.count - a.count || a.phone.localeCompare(b.phone));
}

function mergeWords(newestFirst: SessionMetrics[]): WordFigure[] {
  const byWord = new Map<string, WordFigure & { points: number }>();
  for (const m of newestFirst) {
    for (const w of m.words) {
      const f = byWord.get(w.normalised) ?? {
        word: w.word,
        normalised: w.normalised,
        count: 0,
        averageScore: 0,
        challengingSessions: 0,
        sessions: 0,
        points: 0,
      };
      f.count += w.count;
      f.points += w.averageScore * w.count;
      f.sessions += 1;
      if (w.challenging) f.challengingSessions += 1;
      byWord.set(w.normalised, f);
    }
  }
  return [...byWord.values()]
    .map(({ points, ...f }) => ({ ...f, averageScore: f.count ? Math.round(points / f.count) : 0 }))
    .sort(
      (a, b) =>
        a.averageScore - b.averageScore || b.count - a.count || a.normalised.localeCompare(b.normalised),
    );
}

/**
 * Sounds that averaged 80 or below in at least one session, most persistent first: challenging in
 * the most sessions, then missed most often. What keeps coming back (the insights' recurring sounds).
 */
export function soundsEverChallenging(f: Figures): SoundFigure[] {
  return f.sounds
    .filter((s) => s.challengingSessions > 0 && s.challengingCount > 0)
    .sort(
      (a, b) =>
        b.challengingSessions - a.challengingSessions ||
        b.challengingCount - a.challengingCount ||
        a.averageScore - b.averageScore ||
        a.phone.localeCompare(b.phone),
    );
}

/**
 * The sounds to work on, most persistent first: challenging in some session and still averaging 80
 * or below over all the sessions read (a sound that was low once but averages 93 is not one to
 * practise, and every text that lists these says they scored 80 or below).
 */
export function weakestSounds(f: Figures): SoundFigure[] {
  return soundsEverChallenging(f).filter((s) => s.averageScore <= CHALLENGING_AT_OR_BELOW);
}

/** Words challenging in some session, most persistent first (the insights' recurring words). */
export function wordsEverChallenging(f: Figures): WordFigure[] {
  return f.words
    .filter((w) => w.challengingSessions > 0)
    .sort(
      (a, b) =>
        b.challengingSessions - a.challengingSessions ||
        a.averageScore - b.averageScore ||
        b.count - a.count ||
        a.normalised.localeCompare(b.normalised),
    );
}

/** The words to work on: challenging in some session and averaging 80 or below over all of them. */
export function weakestWords(f: Figures): WordFigure[] {
  return wordsEverChallenging(f).filter((w) => w.averageScore <= CHALLENGING_AT_OR_BELOW);
}

/** "45 s", "4 min 12 s", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  const minutes = Math.round((s % 3600) / 60);
  return minutes ? `${Math.floor(s / 3600)} h ${minutes} min` : `${Math.floor(s / 3600)} h`;
}

/** `/θ/ ("th" as in "think")`. */
export const soundLabel = (s: { ipa: string; respelled: string }) => `/${s.ipa}/ (${s.respelled})`;

/** `"a", "b" and "c"`. */
export function quoted(words: string[]): string {
  const q = words.map((w) => `"${w}"`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`;
}

/** How a pace compares with the 120–150 average. */
export function paceVerdict(wpm: number): 'slower than' | 'within' | 'faster than' {
  return wpm < AVERAGE_WPM.min ? 'slower than' : wpm > AVERAGE_WPM.max ? 'faster than' : 'within';
}

export const averagePace = `${AVERAGE_WPM.min}–${AVERAGE_WPM.max}`;

/** One word for a 0–100 score, on the spec's colour scale (below 50, 50–89, 90 and above). */
export function scoreWord(score: number): string {
  return score >= 90 ? 'excellent' : score >= 75 ? 'good' : score >= 50 ? 'fair' : 'weak';
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
