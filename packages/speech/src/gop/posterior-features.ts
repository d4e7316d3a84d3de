import { ARPABET_PHONES, ARPABET_VOWELS } from '@agaton/contracts';
import { readFrames } from '../posteriors/aligned-frames.ts';
import type { PhonePosteriors } from '../posteriors/posteriors.ts';
import type { Alignment } from '../types.ts';
import { PHONE_FEATURES, type PhoneFeature } from './features.ts';

/**
 * GOP feature vectors from frame-level phone posteriors (issue 25, part 2; not in the scoring path
 * yet). Two steps, so calibration can cache the expensive part once and fit norms per fold:
 * `phoneEvidence` reads the posteriors (and energy) over each aligned phone's frames;
 * `posteriorFeatureRows` turns that evidence, with per-phone norms from training data, into one
 * row per phone. Nothing here uses the free phone loop: these features can replace it.
 */

/** The competitors of the LPR vector: the 39 ARPAbet phones (SIL and the noise phones dropped). */
export const LPR_PHONES: readonly string[] = ARPABET_PHONES;

/** What the posteriors say about one aligned phone (canonical phone = the aligned one). */
export interface PhoneEvidence {
  phone: string;
  /** Frames of the aligned segment on the posteriors' 10 ms grid (≥ 1). */
  frames: number;
  /** LPP: mean over frames of log P(canonical | frame), softmax over all 42 model phones. */
  lpp: number;
  /**
   * LPR vector: per competitor q of {@link LPR_PHONES}, mean over frames of
   * logLik[canonical] − logLik[q] (nats; 0 against itself, NaN-free).
   */
  lpr: number[];
  /** Mean over frames of logLik[canonical] − max over the 39 phones: a scalar GOP from posteriors (≤ 0). */
  gopPost: number;
  /** Mean log posterior of SIL over the frames (a phone the speaker left out tends towards silence). */
  silPost: number;
  /** Mean frame energy (dB re full scale) over the frames, when an energy contour was given. */
  energyDb: number;
}

/**
 * Per aligned phone, in alignment order (words in order, phones in order), the LPP, the LPR vector
 * against the 39 phones, a posterior GOP, silence posterior and mean energy. A segment that falls
 * outside the posteriors' frames is read from the nearest frame. A phone the model lacks (never
 * the case with the CMU dictionary) gets zeros.
 */
export function phoneEvidence(
  al: Alignment,
  post: PhonePosteriors,
  energyDb?: ArrayLike<number>,
): PhoneEvidence[] {
  const n = post.phones.length;
  const index = new Map(post.phones.map((p, i) => [p, i]));
  const comp = LPR_PHONES.map((p) => index.get(p) ?? -1);
  const sil = index.get('SIL') ?? -1;
  const out: PhoneEvidence[] = [];
  for (const p of al.words.flatMap((w) => w.phones)) {
    const c = index.get(p.phone) ?? -1;
    const [first, last] = readFrames(post, p.start, p.end);
    const frames = Math.max(1, last - first);
    const lpr = new Array<number>(comp.length).fill(0);
    let lpp = 0;
    let gop = 0;
    let silPost = 0;
    let energy = 0;
    let energyN = 0;
    if (c >= 0 && post.nFrames > 0) {
      for (let t = first; t < last; t++) {
        const row = t * n;
        const own = post.logLik[row + c];
        lpp += post.logPost[row + c];
        if (sil >= 0) silPost += post.logPost[row + sil];
        let best = Number.NEGATIVE_INFINITY;
        for (let k = 0; k < comp.length; k++) {
          const q = post.logLik[row + comp[k]];
          lpr[k] += own - q;
          if (q > best) best = q;
        }
        gop += own - best;
        if (energyDb && t < energyDb.length) {
          energy += energyDb[t];
          energyN += 1;
        }
      }
    }
    out.push({
      phone: p.phone,
      frames,
      lpp: lpp / frames,
      lpr: lpr.map((v) => v / frames),
      gopPost: Math.min(0, gop / frames),
      silPost: silPost / frames,
      energyDb: energyN ? energy / energyN : 0,
    });
  }
  return out;
}

/** Per-phone norms from training data (means over the calibration set). */
export interface PosteriorNorm {
  lppMean: number;
  lppStd: number;
  /** Mean log duration in frames. */
  logFrames: number;
}

export type PosteriorNorms = Record<string, PosteriorNorm>;

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Norms per phone over the training evidence (LPP mean and spread, mean log duration). */
export function posteriorNorms(evidence: PhoneEvidence[]): PosteriorNorms {
  const by = new Map<string, PhoneEvidence[]>();
  for (const e of evidence) by.set(e.phone, [...(by.get(e.phone) ?? []), e]);
  const out: PosteriorNorms = {};
  for (const [phone, es] of by) {
    const l = es.map((e) => e.lpp);
    const m = mean(l);
    out[phone] = {
      lppMean: m,
      lppStd: Math.max(0.3, Math.sqrt(mean(l.map((v) => (v - m) ** 2)))),
      logFrames: mean(es.map((e) => Math.log(e.frames))),
    };
  }
  return out;
}

const FALLBACK: PosteriorNorm = { lppMean: -3, lppStd: 2, logFrames: 2.2 };

const VOWELS: ReadonlySet<string> = new Set(ARPABET_VOWELS);

/** Names of the columns of {@link posteriorFeatureRows}, in order. */
export const POSTERIOR_FEATURES: readonly string[] = [
  'lpp',
  'lppN',
  'gopPost',
  ...LPR_PHONES.map((q) => `lpr_${q}`),
  'silPost',
  'logFrames',
  'durRel',
  'energyRel',
  'isVowel',
  'position',
  'wordLength',
  'prevLppN',
  'nextLppN',
  'wordMeanLppN',
  'wordMinLppN',
  'uttMeanLppN',
];

/**
 * The shape of a recording the rows need: phones per word, in order (an `Alignment`'s words do).
 */
export interface WordShape {
  phones: readonly unknown[];
}

/**
 * One row per aligned phone ({@link POSTERIOR_FEATURES}): LPP raw and normalised per phone, the
 * posterior GOP, the LPR vector, silence posterior, log duration and duration against the phone's
 * norm corrected for the utterance's tempo (mean log-duration excess over its phones), energy
 * against the utterance's mean phone energy, vowel, position in word (−1 first, 1 last, 0 middle or
 * single), word length, neighbours' normalised LPP (the word mean at the word's edges), the word's
 * mean and minimum and the utterance's mean.
 */
export function posteriorFeatureRows(
  words: readonly WordShape[],
  evidence: readonly PhoneEvidence[],
  norms: PosteriorNorms,
): number[][] {
  const norm = (phone: string) => norms[phone] ?? FALLBACK;
  const lppN = evidence.map((e) => (e.lpp - norm(e.phone).lppMean) / norm(e.phone).lppStd);
  const logFrames = evidence.map((e) => Math.log(e.frames));
  const excess = evidence.map((e, i) => logFrames[i] - norm(e.phone).logFrames);
  const tempo = mean(excess);
  const uttEnergy = mean(evidence.map((e) => e.energyDb));
  const uttMean = mean(lppN);
  const rows: number[][] = [];
  let k = 0;
  for (const w of words) {
    const len = w.phones.length;
    const word = lppN.slice(k, k + len);
    const wordMean = mean(word);
    const wordMin = len ? Math.min(...word) : 0;
    for (let j = 0; j < len; j++) {
      const i = k + j;
      const e = evidence[i];
      rows.push([
        e.lpp,
        lppN[i],
        e.gopPost,
        ...e.lpr,
        e.silPost,
        logFrames[i],
        excess[i] - tempo,
        e.energyDb - uttEnergy,
        VOWELS.has(e.phone) ? 1 : 0,
        len === 1 ? 0 : j === 0 ? -1 : j === len - 1 ? 1 : 0,
        len,
        j > 0 ? lppN[i - 1] : wordMean,
        j < len - 1 ? lppN[i + 1] : wordMean,
        wordMean,
        wordMin,
        uttMean,
      ]);
    }
    k += len;
  }
  return rows;
}

/** Per canonical phone, the mean and spread of each LPR component over training data. */
export type LprNorms = Record<string, { mean: number[]; std: number[] }>;

/** {@link LprNorms} over the training evidence (spread floored at 0.5 nats). */
export function lprNorms(evidence: PhoneEvidence[]): LprNorms {
  const by = new Map<string, PhoneEvidence[]>();
  for (const e of evidence) by.set(e.phone, [...(by.get(e.phone) ?? []), e]);
  const out: LprNorms = {};
  for (const [phone, es] of by) {
    const m = LPR_PHONES.map((_, q) => mean(es.map((e) => e.lpr[q])));
    const s = LPR_PHONES.map((_, q) => Math.max(0.5, Math.sqrt(mean(es.map((e) => (e.lpr[q] - m[q]) ** 2)))));
    out[phone] = { mean: m, std: s };
  }
  return out;
}

/** Columns of the forced-alignment rows (`phoneFeatureRows`) that {@link phoneModelRows} keeps. */
const FORCED_COLS = ['lpp', 'lppN', 'minDuration', 'uttMeanLppN'] as const satisfies readonly PhoneFeature[];
/** Columns of the same rows that come from the free phone loop. */
const LOOP_COLS = [
  'gop',
  'gopN',
  'loopLpp',
  'loopAgree',
  'prevGopN',
  'nextGopN',
  'wordMeanGopN',
  'wordMinGopN',
  'uttMeanGopN',
] as const satisfies readonly PhoneFeature[];
const column = (name: PhoneFeature) => PHONE_FEATURES.indexOf(name);

/** Names of the columns of {@link phoneModelRows}, in order. */
export const PHONE_MODEL_FEATURES: readonly string[] = [
  ...POSTERIOR_FEATURES,
  ...LPR_PHONES.map((q) => `is_${q}`),
  'minLprN',
  'meanLprN',
  'lpr1',
  'lpr2',
  'lpr3',
  'competitorsAhead',
  'wordMeanGopPost',
  'uttMeanGopPost',
  'uttMeanLpp',
  'uttMeanSilPost',
  ...FORCED_COLS.map((k) => `forced.${k}`),
  ...LOOP_COLS.map((k) => `loop.${k}`),
];

/**
 * The phone scorer's rows: {@link posteriorFeatureRows}, the canonical phone one-hot, the LPR vector
 * summarised against the canonical phone's norms (most and mean normalised margin, the three
 * closest competitors' raw margins, how many competitors fit better), word and utterance means of
 * the posterior GOP, LPP and silence, the forced alignment's own likelihood features, and the free
 * phone loop's (columns `loop.*`, zero when `forced` rows carry none).
 */
export function phoneModelRows(
  words: readonly WordShape[],
  evidence: readonly PhoneEvidence[],
  norms: { norms: PosteriorNorms; lpr: LprNorms },
  forced: readonly (readonly number[])[],
): number[][] {
  const base = posteriorFeatureRows(words, evidence, norms.norms);
  const uttGop = mean(evidence.map((e) => e.gopPost));
  const uttLpp = mean(evidence.map((e) => e.lpp));
  const uttSil = mean(evidence.map((e) => e.silPost));
  const wordGop: number[] = [];
  let k = 0;
  for (const w of words) {
    const m = mean(evidence.slice(k, k + w.phones.length).map((e) => e.gopPost));
    for (let j = 0; j < w.phones.length; j++) wordGop.push(m);
    k += w.phones.length;
  }
  return evidence.map((e, i) => {
    const own = LPR_PHONES.indexOf(e.phone);
    const n = norms.lpr[e.phone];
    const others = e.lpr.filter((_, q) => q !== own);
    const lprN = n ? e.lpr.map((v, q) => (v - n.mean[q]) / n.std[q]).filter((_, q) => q !== own) : others;
    const sorted = [...others].sort((a, b) => a - b);
    const f = forced[i] ?? [];
    return [
      ...base[i],
      ...LPR_PHONES.map((q) => (q === e.phone ? 1 : 0)),
      Math.min(...lprN),
      mean(lprN),
      sorted[0] ?? 0,
      sorted[1] ?? 0,
      sorted[2] ?? 0,
      others.filter((v) => v < 0).length,
      wordGop[i],
      uttGop,
      uttLpp,
      uttSil,
      ...FORCED_COLS.map((c) => f[column(c)] ?? 0),
      ...LOOP_COLS.map((c) => f[column(c)] ?? 0),
    ];
  });
}

/** Indices of {@link PHONE_MODEL_FEATURES} that come from the free phone loop (`loop.*`). */
export const PHONE_MODEL_LOOP_COLS: ReadonlySet<number> = new Set(
  PHONE_MODEL_FEATURES.flatMap((name, i) => (name.startsWith('loop.') ? [i] : [])),
);
