import type { Alignment, PhoneResult, WordResult } from '../types.ts';
import { basePhone, phonemeInfo, respell } from './phonemes.ts';
import { explainWord, performanceOf } from './pronunciation.ts';

/** Scores of one alignment on 0–100: per phone (grouped by word), per word and per utterance. */
export interface AlignmentScores {
  phones: number[][];
  words: number[];
  pronunciation: number;
  /** Calibrated fluency; without it the fluency analysis estimates one. */
  fluency?: number;
  /** Calibrated prosody; without it pronunciation and fluency stand in. */
  prosody?: number;
  /** Share of the reference read, when the scorer judges it; else taken from the alignment. */
  completeness?: number;
  total?: number;
}

/** Turns an alignment into 0–100 scores. The calibrated scorer of `scoring/` plugs in here. */
export type AlignmentScorer = (alignment: Alignment) => AlignmentScores | Promise<AlignmentScores>;

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Uncalibrated stand-in used until (or when) no fitted model is available: a logistic map of the
 * per-phone GOP (≈ 0 for a well-said phone, −3 and below for a wrong one, measured on the fixtures).
 */
export const gopScorer: AlignmentScorer = (alignment) => {
  const phones = alignment.words.map((w) =>
    w.phones.map((p) => clamp100(100 * sigmoid(1.2 * (p.gop + 2.5)))),
  );
  const words = phones.map((ps) => (ps.length ? clamp100(ps.reduce((a, b) => a + b, 0) / ps.length) : 0));
  const pronunciation = words.length ? clamp100(words.reduce((a, b) => a + b, 0) / words.length) : 0;
  return { phones, words, pronunciation };
};

export interface BuildWordsOptions {
  /** Recognition confidence per aligned word (free speech); 1 for a known text. */
  confidences?: number[];
  /** Reading: the reference words in order, so that words the aligner did not place count as omitted. */
  reference?: string[];
}

/** WordResults (with IPA, respellings, performance and explanations) from an alignment and its scores. */
export function buildWords(
  alignment: Alignment,
  scores: AlignmentScores,
  opts: BuildWordsOptions = {},
): WordResult[] {
  const words: WordResult[] = alignment.words.map((w, i) => {
    const phones: PhoneResult[] = w.phones.map((p, j) => {
      const score = clamp100(scores.phones[i]?.[j] ?? 0);
      return {
        phone: basePhone(p.phone),
        ipa: phonemeInfo(p.phone).ipa,
        respelled: respell(p.phone),
        start: p.start,
        end: p.end,
        score,
        performance: performanceOf(score),
        gop: p.gop,
      };
    });
    const score = clamp100(scores.words[i] ?? 0);
    const word: WordResult = {
      word: w.text ?? w.word,
      normalised: w.word.toLowerCase(),
      start: w.start,
      end: w.end,
      confidence: opts.confidences?.[i] ?? 1,
      score,
      performance: performanceOf(score),
      phones,
      explanation: '',
      status: 'ok',
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
    const found = words.slice(k).findIndex((w) => norm(w.normalised) === target);
    if (found >= 0 && found < 3) {
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
