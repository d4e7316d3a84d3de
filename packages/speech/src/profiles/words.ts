import type { Alignment, Pcm16k, PhoneResult, WordResult } from '../types.ts';
import { basePhone, phonemeInfo, respell } from './phonemes.ts';
import { explainWord, performanceOf } from './pronunciation.ts';

/** A scored phone: ARPAbet (stress digits allowed) with a 0–100 score. */
export interface ScoredPhoneLike {
  phone: string;
  start: number;
  end: number;
  score: number;
  gop?: number;
}

/** A scored word, as the calibrated scorer of `scoring/` returns it. */
export interface ScoredWordLike {
  word: string;
  normalised: string;
  start: number;
  end: number;
  score: number;
  phones: ScoredPhoneLike[];
  status: WordResult['status'];
}

/** Scores of one alignment on 0–100: words (with phones) and the utterance. */
export interface AlignmentScores {
  words: ScoredWordLike[];
  overall: {
    pronunciation: number;
    /** Calibrated fluency; without it the fluency analysis estimates one. */
    fluency?: number;
    /** Calibrated prosody; without it pronunciation and fluency stand in. */
    prosody?: number;
    /** Share of the reference read; without it, taken from the words' statuses. */
    completeness?: number;
    total?: number;
  };
  /**
   * Reading: false when the recording is not a reading of the text at all (another sentence,
   * another language, noise): every word is then omitted and nothing is blamed on pronunciation.
   */
  matchesText?: boolean;
}

/** Turns an alignment (and its audio, for prosody) into 0–100 scores. */
export type AlignmentScorer = (
  alignment: Alignment,
  pcm: Pcm16k,
) => AlignmentScores | Promise<AlignmentScores>;

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Uncalibrated stand-in for when no fitted model is available: a logistic map of the per-phone GOP
 * (≈ 0 for a well-said phone, −3 and below for a wrong one, as measured on the fixtures).
 */
export const gopScorer: AlignmentScorer = (alignment) => {
  const words: ScoredWordLike[] = alignment.words.map((w) => {
    const phones = w.phones.map((p) => ({ ...p, score: clamp100(100 * sigmoid(1.2 * (p.gop + 2.5))) }));
    const score = phones.length ? clamp100(phones.reduce((a, p) => a + p.score, 0) / phones.length) : 0;
    return {
      word: w.text ?? w.word,
      normalised: w.word,
      start: w.start,
      end: w.end,
      score,
      phones,
      status: 'ok',
    };
  });
  const pronunciation = words.length ? clamp100(words.reduce((a, w) => a + w.score, 0) / words.length) : 0;
  return { words, overall: { pronunciation } };
};

export interface BuildWordsOptions {
  /** Recognition confidence per scored word (free speech); 1 for a known text. */
  confidences?: number[];
  /** Reading: the reference words in order, so that words the scorer lacks count as omitted. */
  reference?: string[];
}

/** WordResults (with IPA, respellings, performance and explanations) from scored words. */
export function buildWords(scored: ScoredWordLike[], opts: BuildWordsOptions = {}): WordResult[] {
  const words: WordResult[] = scored.map((w, i) => {
    const phones: PhoneResult[] = w.phones.map((p) => {
      const score = clamp100(p.score);
      return {
        phone: basePhone(p.phone),
        ipa: phonemeInfo(p.phone).ipa,
        respelled: respell(p.phone),
        start: p.start,
        end: p.end,
        score,
        performance: performanceOf(score),
        ...(p.gop === undefined ? {} : { gop: p.gop }),
      };
    });
    const score = clamp100(w.score);
    const word: WordResult = {
      word: w.word,
      normalised: w.normalised.toLowerCase(),
      start: w.start,
      end: w.end,
      confidence: w.status === 'omitted' ? 0 : (opts.confidences?.[i] ?? 1),
      score,
      performance: performanceOf(score),
      phones,
      explanation: '',
      status: w.status,
    };
    word.explanation = explainWord(word);
    return word;
  });
  return opts.reference ? withOmissions(words, opts.reference) : words;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9']/g, '');

/** Insert reference words the alignment lacks as omitted (score 0), keeping the text's order. */
function withOmissions(words: WordResult[], reference: string[]): WordResult[] {
  const out: WordResult[] = [];
  let k = 0;
  for (const ref of reference) {
    const target = norm(ref);
    if (!target) continue;
    const found = words
      .slice(k)
      .findIndex((w) => (w.status === 'ok' || w.status === 'omitted') && norm(w.normalised) === target);
    if (found >= 0 && found < 6) {
      out.push(...words.slice(k, k + found + 1));
      k += found + 1;
      continue;
    }
    const at = out.at(-1)?.end ?? 0;
    const omitted: WordResult = {
      word: ref,
      normalised: target,
      start: at,
      end: at,
      confidence: 0,
      score: 0,
      performance: 'LOW',
      phones: [],
      explanation: '',
      status: 'omitted',
    };
    omitted.explanation = explainWord(omitted);
    out.push(omitted);
  }
  out.push(...words.slice(k));
  return out;
}
