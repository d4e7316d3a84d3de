import type { TimedWord } from '@agaton/contracts';

/** Words scoring 80 or below are challenging, above are mastered (spec 1 section 9). */
export const CHALLENGING_AT_MOST = 80;

export const isChallenging = (score: number | null) => score !== null && score <= CHALLENGING_AT_MOST;

/**
 * Index of the word being played at `time` seconds: the word whose [start, end) holds it, else the
 * last word that started before it while within a short gap (so the highlight does not flicker
 * between words), else -1. `words` are in time order.
 */
export function activeWordIndex(words: readonly TimedWord[], time: number, gap = 0.25): number {
  let lo = 0;
  let hi = words.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.start <= time) {
      last = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  if (last < 0) return -1;
  const word = words[last]!;
  return time < word.end + gap ? last : -1;
}

/** Lower case without surrounding punctuation, so "Thursday," matches "thursday". */
export const normaliseWord = (word: string) =>
  word
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');

/**
 * Start times of a word's occurrences in the timed transcript, for "play this word". Profile words
 * come without times, so they are matched by their normalised text.
 */
export function occurrencesOf(words: readonly TimedWord[], word: string): number[] {
  const wanted = normaliseWord(word);
  if (!wanted) return [];
  return words.filter((w) => normaliseWord(w.word) === wanted).map((w) => w.start);
}

/** Words of the transcript sample on the feedback's overview. */
export const SAMPLE_WORDS = 60;

/** The first `limit` words of a transcript, with an ellipsis when cut. */
export function transcriptSample(transcript: string, limit = SAMPLE_WORDS): string {
  const words = transcript.trim().split(/\s+/).filter(Boolean);
  if (words.length <= limit) return words.join(' ');
  return `${words.slice(0, limit).join(' ')}…`;
}
