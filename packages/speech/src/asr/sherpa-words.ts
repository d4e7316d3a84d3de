import type { VoicedSegment } from '../audio/vad.js';
import type { RecognisedWord } from '../types.js';
import { round } from './ctm.js';
import { isFilledPause, isNonSpeech } from './fillers.js';

/** The fields of sherpa-onnx's offline result JSON (`OfflineRecognitionResult::AsJsonString`) we read. */
export interface SherpaResult {
  text: string;
  tokens?: string[];
  /** Start of each token in seconds (CTC and transducer models; empty for Moonshine). */
  timestamps?: number[];
  durations?: number[];
  /** Log-probability of each token (filled by some decoders, e.g. transducers in recent releases). */
  ys_log_probs?: number[];
  /** Whisper in timestamp mode: one entry per segment. */
  segment_timestamps?: number[];
  segment_durations?: number[];
  segment_texts?: string[];
}

/**
 * Confidence of a word when the model reports no probability for its tokens (CTC greedy search;
 * Moonshine and Whisper by sherpa-onnx's sources): "unknown", not "sure". It sits at the engine's
 * uncertainty line (UNCERTAIN_BELOW = 0.5), so the words are scored but the transcript's confidence
 * reads Medium, never High; it is a stated prior, not a measurement.
 */
export const NO_PROBABILITY_CONFIDENCE = 0.5;

/** Longest a word is assumed to run past its last token's start when nothing else bounds it (s). */
const MAX_TAIL_SEC = 0.6;

interface Group {
  raw: string;
  tokenIndexes: number[];
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** A new word starts at a token with a leading space or SentencePiece's ▁ (sherpa prints ▁ as a space). */
function groupTokens(tokens: string[]): Group[] {
  const groups: Group[] = [];
  tokens.forEach((token, i) => {
    if (/^<\|.*\|>$|^<0x[0-9A-F]{2}>$/.test(token) || isNonSpeech(token)) return;
    const startsWord = /^[\s▁]/.test(token) || groups.length === 0;
    if (startsWord) groups.push({ raw: '', tokenIndexes: [] });
    const g = groups[groups.length - 1];
    g.raw += token.replace(/▁/g, ' ');
    g.tokenIndexes.push(i);
  });
  return groups;
}

function cleanWord(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}

/** Maps a position on the voiced-only time line (0 … total voiced seconds) back to clip time. */
function voicedTimeline(voiced: VoicedSegment[]) {
  const total = voiced.reduce((s, v) => s + (v.end - v.start), 0);
  return {
    total,
    /** A start exactly on a gap goes to the next stretch, an end to the one before. */
    at(pos: number, isStart: boolean): number {
      let left = pos;
      for (const v of voiced) {
        const len = v.end - v.start;
        if (isStart ? left < len : left <= len) return v.start + left;
        left -= len;
      }
      return voiced.at(-1)?.end ?? 0;
    },
  };
}

/** Spreads words over a span in proportion to their length (no times from the model). */
function spread(texts: string[], place: (from: number, to: number) => [number, number]) {
  const chars = texts.map((t) => Math.max(1, t.trim().length));
  const sum = chars.reduce((a, b) => a + b, 0) || 1;
  let acc = 0;
  return texts.map((_, i) => {
    const from = acc / sum;
    acc += chars[i];
    return place(from, acc / sum);
  });
}

/**
 * Turns one sherpa-onnx result into words with times and confidences.
 *
 * - Text: tokens joined into words at word-initial tokens, lower-cased, outer punctuation removed;
 *   special tokens (`<|…|>`, `<unk>`, byte tokens) are dropped; filled pauses keep `filler: true`.
 * - Times: with token timestamps (CTC, transducers), a word starts at its first token and ends at its
 *   last token's start plus its duration when the model gives one, else where the voiced stretch
 *   holding that token ends, bounded by the next word's start and {@link MAX_TAIL_SEC}. Whisper's
 *   segments spread their words over the segment; with no times at all (Moonshine) the words are
 *   spread over the clip's voiced stretches by length — approximate, which is acceptable because the
 *   engine re-times every word by forced alignment before scoring it.
 * - Confidence: exp(mean token log-probability) of the word when the model reports token
 *   probabilities, else {@link NO_PROBABILITY_CONFIDENCE}.
 */
export function wordsFromSherpaResult(
  result: SherpaResult,
  voiced: VoicedSegment[],
  durationSec: number,
): RecognisedWord[] {
  const tokens = result.tokens ?? [];
  const stamps = result.timestamps ?? [];
  const logProbs = result.ys_log_probs ?? [];
  const timed = tokens.length > 0 && stamps.length === tokens.length;
  const probable = tokens.length > 0 && logProbs.length === tokens.length;

  let groups = groupTokens(tokens);
  if (groups.length === 0 && result.text.trim()) {
    groups = result.text
      .trim()
      .split(/\s+/)
      .map((raw) => ({ raw, tokenIndexes: [] }));
  }
  const speech = voiced.length > 0 ? voiced : [{ start: 0, end: durationSec }];

  let spans: [number, number][];
  if (timed) {
    const starts = groups.map((g) => stamps[g.tokenIndexes[0]]);
    spans = groups.map((g, i) => {
      const last = g.tokenIndexes[g.tokenIndexes.length - 1];
      const lastStart = stamps[last];
      const next = i + 1 < groups.length ? starts[i + 1] : durationSec;
      const given = result.durations?.[last];
      const stretch = speech.find((v) => lastStart >= v.start - 0.05 && lastStart < v.end);
      const end =
        given !== undefined && given > 0
          ? lastStart + given
          : Math.min(next, stretch ? stretch.end : lastStart + 0.1, lastStart + MAX_TAIL_SEC);
      return [starts[i], Math.max(end, lastStart + 0.01)];
    });
  } else if (result.segment_timestamps?.length && result.segment_texts?.length) {
    // Whisper's segments: re-derive the words from each segment's own text.
    groups = [];
    spans = [];
    result.segment_texts.forEach((text, s) => {
      const from = result.segment_timestamps?.[s] ?? 0;
      const len = result.segment_durations?.[s] ?? 0;
      const words = text.trim().split(/\s+/).filter(Boolean);
      groups.push(...words.map((raw) => ({ raw, tokenIndexes: [] })));
      spans.push(...spread(words, (a, b) => [from + a * len, from + b * len]));
    });
  } else {
    const line = voicedTimeline(speech);
    spans = spread(
      groups.map((g) => g.raw),
      (a, b) => [line.at(a * line.total, true), line.at(b * line.total, false)],
    );
  }

  const out: RecognisedWord[] = [];
  groups.forEach((g, i) => {
    const text = cleanWord(g.raw);
    if (!text || isNonSpeech(g.raw.trim())) return;
    const lp = probable ? g.tokenIndexes.map((k) => logProbs[k]) : [];
    const confidence = lp.length
      ? clamp01(Math.exp(lp.reduce((a, b) => a + b, 0) / lp.length))
      : NO_PROBABILITY_CONFIDENCE;
    const [start, end] = spans[i];
    const word: RecognisedWord = { text, start: round(start), end: round(end), confidence };
    if (isFilledPause(text)) word.filler = true;
    out.push(word);
  });
  return out;
}
