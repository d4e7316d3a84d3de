import type { RecognisedWord } from '../types.js';
import { isFilledPause, isNonSpeech, normaliseToken } from './fillers.js';

/**
 * Parses PocketSphinx CTM output (`uttid channel start duration word posterior` per line) into words
 * per utterance id. Times are relative to each utterance's start.
 */
export function parseCtm(ctm: string): Map<string, RecognisedWord[]> {
  const byUtt = new Map<string, RecognisedWord[]>();
  for (const line of ctm.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 5) continue;
    const [utt, , startText, durText, token, confText] = parts;
    if (isNonSpeech(token)) continue;
    const start = Number(startText);
    const dur = Number(durText);
    if (!Number.isFinite(start) || !Number.isFinite(dur)) continue;
    const posterior = Number(confText);
    const word: RecognisedWord = {
      text: normaliseToken(token),
      start: round(start),
      end: round(start + dur),
      confidence: Number.isFinite(posterior) ? Math.min(1, Math.max(0, posterior)) : 0,
    };
    if (isFilledPause(token)) word.filler = true;
    const list = byUtt.get(utt) ?? [];
    list.push(word);
    byUtt.set(utt, list);
  }
  for (const list of byUtt.values()) list.sort((a, b) => a.start - b.start);
  return byUtt;
}

/** Milliseconds are the decoder's resolution (10 ms frames); rounding keeps output stable in JSON. */
export function round(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}
