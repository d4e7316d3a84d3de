import { FILLED_PAUSES } from '../asr/fillers.ts';
import type { VoicedSegment } from '../audio/vad.ts';
import type { PauseEvent, WordResult } from '../types.ts';

/** A word with its timing, aligned or recognised. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
  /** Phones in the word, when known; used to compare word durations fairly. */
  phoneCount?: number;
  /** From reading: repeated words count as hesitations. */
  status?: WordResult['status'];
}

/** Silent gaps shorter than this are part of normal articulation (stop closures, breaths). */
export const MIN_PAUSE_SEC = 0.25;
/** A common threshold for a long (disfluent) pause. */
export const LONG_PAUSE_SEC = 0.7;
/** Gaps this long are silences: the speaker stopped, not paused. */
export const SILENCE_SEC = 2;

/** Lower case, letters and apostrophes only ("Um," → "um", "++UH++" → "uh", "go(2)" → "go"). */
export function normaliseWord(text: string): string {
  return text
    .replace(/\(\d+\)$/, '')
    .toLowerCase()
    .replace(/[^a-z']/g, '');
}

export function isFilledPause(text: string): boolean {
  return FILLED_PAUSES.has(normaliseWord(text));
}

/** Seconds of `voiced` speech inside [start, end]. */
function voicedWithin(voiced: VoicedSegment[], start: number, end: number): number {
  let sum = 0;
  for (const v of voiced) sum += Math.max(0, Math.min(end, v.end) - Math.max(start, v.start));
  return sum;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Pauses, silences and hesitations in time order. A gap between two words is a pause only when the
 * energy detector agrees it is mostly silent: a gap the recogniser left but that holds sound is an
 * unrecognised word, not a pause. Without words (nothing recognised) the voiced segments' own gaps
 * are used.
 */
export function findEvents(words: TimedWord[], voiced: VoicedSegment[]): PauseEvent[] {
  const events: PauseEvent[] = [];
  const gap = (start: number, end: number) => {
    const length = end - start;
    if (length < MIN_PAUSE_SEC) return;
    if (voiced.length > 0 && voicedWithin(voiced, start, end) > length / 2) return;
    events.push({ start: r2(start), end: r2(end), kind: length >= SILENCE_SEC ? 'silence' : 'pause' });
  };

  if (words.length === 0) {
    for (let i = 1; i < voiced.length; i++) gap(voiced[i - 1].end, voiced[i].start);
    return events;
  }
  let previous: TimedWord | undefined;
  let previousSpoken: string | undefined;
  for (const word of words) {
    if (previous) gap(previous.end, word.start);
    const norm = normaliseWord(word.text);
    if (isFilledPause(word.text)) {
      events.push({ start: r2(word.start), end: r2(word.end), kind: 'filled-pause', text: norm });
    } else if (word.status === 'repeated' || (norm !== '' && norm === previousSpoken)) {
      events.push({ start: r2(word.start), end: r2(word.end), kind: 'repetition', text: norm });
    }
    if (!isFilledPause(word.text)) previousSpoken = norm;
    previous = word;
  }
  return events;
}

/** Words that carry content: fillers and omitted words do not count towards the speaking rate. */
export function spokenWords(words: TimedWord[]): TimedWord[] {
  return words.filter(
    (w) => !isFilledPause(w.text) && w.status !== 'omitted' && normaliseWord(w.text) !== '',
  );
}
