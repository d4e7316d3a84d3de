import { ARPABET_VOWELS } from '@agaton/contracts';
import type { AlignedPhone, Alignment } from '../types.ts';

/** Per-phone reference statistics, from the calibration data (normalises GOP per phone). */
export interface PhoneStat {
  gopMean: number;
  gopStd: number;
  lppMean: number;
  lppStd: number;
  /** Mean log duration in frames. */
  logFrames: number;
}

export type PhoneStats = Record<string, PhoneStat>;

const VOWELS: ReadonlySet<string> = new Set(ARPABET_VOWELS);

/** Names of the per-phone features, in the order of {@link phoneFeatureRows}' columns. */
export const PHONE_FEATURES = [
  'gop',
  'gopN',
  'lpp',
  'lppN',
  'loopLpp',
  'loopAgree',
  'logFrames',
  'durRel',
  'minDuration',
  'isVowel',
  'position',
  'wordLength',
  'prevGopN',
  'nextGopN',
  'wordMeanGopN',
  'wordMinGopN',
  'uttMeanGopN',
  'uttMeanLppN',
] as const;
export type PhoneFeature = (typeof PHONE_FEATURES)[number];

const FALLBACK: PhoneStat = { gopMean: -2, gopStd: 2.5, lppMean: -6, lppStd: 3, logFrames: 2.2 };

function stat(stats: PhoneStats, phone: string): PhoneStat {
  return stats[phone] ?? FALLBACK;
}

export function normalisedGop(p: AlignedPhone, stats: PhoneStats): number {
  const s = stat(stats, p.phone);
  return (p.gop - s.gopMean) / s.gopStd;
}

export function normalisedLpp(p: AlignedPhone, stats: PhoneStats): number {
  const s = stat(stats, p.phone);
  return ((p.features.lpp ?? 0) - s.lppMean) / s.lppStd;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * One feature row per aligned phone (words in order, phones in order): the GOP itself, its value
 * normalised per phone, the forced and loop likelihood ratios, how often the free loop heard this
 * phone, duration against the phone's usual duration and the speaker's tempo, position and
 * neighbours, and word and utterance aggregates (a low word or a low speaker lowers a phone too).
 */
export function phoneFeatureRows(al: Alignment, stats: PhoneStats): number[][] {
  const phones = al.words.flatMap((w) => w.phones);
  const gopN = phones.map((p) => normalisedGop(p, stats));
  const lppN = phones.map((p) => normalisedLpp(p, stats));
  const logFrames = phones.map((p) => Math.log(p.features.frames ?? 3));
  // The speaker's tempo: mean log duration relative to each phone's usual one.
  const tempo = mean(phones.map((p, i) => logFrames[i] - stat(stats, p.phone).logFrames));
  const uttMeanGopN = mean(gopN);
  const uttMeanLppN = mean(lppN);
  const rows: number[][] = [];
  let k = 0;
  for (const w of al.words) {
    const first = k;
    const wordGop = gopN.slice(first, first + w.phones.length);
    const wordMean = mean(wordGop);
    const wordMin = wordGop.length ? Math.min(...wordGop) : 0;
    w.phones.forEach((p, j) => {
      const i = first + j;
      rows.push([
        p.gop,
        gopN[i],
        p.features.lpp ?? 0,
        lppN[i],
        p.features.loopLpp ?? 0,
        p.features.loopAgree ?? 0,
        logFrames[i],
        logFrames[i] - stat(stats, p.phone).logFrames - tempo,
        (p.features.frames ?? 3) <= 3 ? 1 : 0,
        VOWELS.has(p.phone) ? 1 : 0,
        w.phones.length === 1 ? 0 : j === 0 ? -1 : j === w.phones.length - 1 ? 1 : 0,
        w.phones.length,
        j > 0 ? gopN[i - 1] : wordMean,
        j < w.phones.length - 1 ? gopN[i + 1] : wordMean,
        wordMean,
        wordMin,
        uttMeanGopN,
        uttMeanLppN,
      ]);
    });
    k += w.phones.length;
  }
  return rows;
}

/** Names of the per-word features, in the order of {@link wordFeatureRows}' columns. */
export const WORD_FEATURES = [
  'meanPhonePred',
  'minPhonePred',
  'meanGopN',
  'minGopN',
  'meanLppN',
  'minLppN',
  'meanLoopAgree',
  'nPhones',
  'logDur',
  'minDurationShare',
  'uttMeanGopN',
] as const;

/**
 * One row per word. `phonePred` are the phone model's predictions for the same phones (in
 * alignment order); aggregating them lets the word model reuse what the phone model learned.
 */
export function wordFeatureRows(al: Alignment, phoneRows: number[][], phonePred: number[]): number[][] {
  const rows: number[][] = [];
  let k = 0;
  const col = (name: (typeof PHONE_FEATURES)[number]) => PHONE_FEATURES.indexOf(name);
  for (const w of al.words) {
    const n = w.phones.length;
    const pr = phonePred.slice(k, k + n);
    const ph = phoneRows.slice(k, k + n);
    const g = ph.map((r) => r[col('gopN')]);
    const l = ph.map((r) => r[col('lppN')]);
    rows.push([
      mean(pr),
      n ? Math.min(...pr) : 0,
      mean(g),
      n ? Math.min(...g) : 0,
      mean(l),
      n ? Math.min(...l) : 0,
      mean(ph.map((r) => r[col('loopAgree')])),
      n,
      Math.log(Math.max(0.01, w.end - w.start)),
      mean(ph.map((r) => r[col('minDuration')])),
      ph[0]?.[col('uttMeanGopN')] ?? 0,
    ]);
    k += n;
  }
  return rows;
}

/** The phone-prediction columns of {@link wordFeatureRows} (its first two). */
const WORD_PRED_COLS = 2;

/**
 * The inputs of a word model that reads no phone predictions: {@link wordFeatureRows}' columns but
 * the phone predictions' mean and minimum, then the mean and the minimum over the word's phones of
 * every column of `phoneModelRows` (the phone scorer's inputs, one row per aligned phone). Such a
 * model can learn from every word of the train split, rated or not, without out-of-fold phone
 * predictions (calibration/word-training-set.ts).
 */
export function wordInputRows(
  al: Alignment,
  phoneRows: number[][],
  phoneModelRows: readonly (readonly number[])[],
): number[][] {
  const own = wordFeatureRows(al, phoneRows, new Array(phoneRows.length).fill(0));
  const cols = phoneModelRows[0]?.length ?? 0;
  let k = 0;
  return al.words.map((w, i) => {
    const rows = phoneModelRows.slice(k, k + w.phones.length);
    k += w.phones.length;
    const avg = new Array<number>(cols).fill(0);
    const low = new Array<number>(cols).fill(rows.length ? Number.POSITIVE_INFINITY : 0);
    for (const r of rows)
      for (let c = 0; c < cols; c++) {
        avg[c] += r[c] / rows.length;
        if (r[c] < low[c]) low[c] = r[c];
      }
    return [...own[i].slice(WORD_PRED_COLS), ...avg, ...low];
  });
}
