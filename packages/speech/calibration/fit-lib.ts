import type { PhoneStat, PhoneStats } from '../src/gop/features.ts';
import { phoneFeatureRows, wordFeatureRows } from '../src/gop/features.ts';
import type { PhoneEvidence } from '../src/gop/posterior-features.ts';
import type { Contours } from '../src/scoring/contours.ts';
import { type BoostedTrees, type FitOptions, fitBoosted, predictBoosted } from '../src/scoring/gbdt.ts';
import { fitRidge, type LinearModel } from '../src/scoring/linear.ts';
import {
  type CalibratedModel,
  PHONE_COLS,
  type PosteriorPhoneModel,
  type ScoringRules,
  UTTERANCE_TARGETS,
  type UtteranceTarget,
} from '../src/scoring/model.ts';
import { utteranceFeatureRow } from '../src/scoring/utterance-features.ts';
import type { Alignment } from '../src/types.ts';
import type { ScoredUtterance } from './dataset.ts';

/** One calibration example: expert ratings, the cached alignment and contours of its audio. */
export interface Sample {
  utt: ScoredUtterance;
  al: Alignment;
  contours?: Contours;
  /** Posterior evidence per aligned phone (16 kHz model). */
  ev?: PhoneEvidence[];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2))) || 1;

/** Per-phone GOP and likelihood statistics over the training alignments. */
export function phoneStatistics(samples: Sample[]): PhoneStats {
  const by = new Map<string, { gop: number[]; lpp: number[]; lf: number[] }>();
  for (const s of samples) {
    for (const p of s.al.words.flatMap((w) => w.phones)) {
      const e = by.get(p.phone) ?? { gop: [], lpp: [], lf: [] };
      e.gop.push(p.gop);
      e.lpp.push(p.features.lpp ?? 0);
      e.lf.push(Math.log(p.features.frames ?? 3));
      by.set(p.phone, e);
    }
  }
  const out: PhoneStats = {};
  for (const [phone, e] of by) {
    const r = (v: number) => Math.round(v * 1e4) / 1e4;
    const st: PhoneStat = {
      gopMean: r(mean(e.gop)),
      gopStd: r(Math.max(0.3, sd(e.gop))),
      lppMean: r(mean(e.lpp)),
      lppStd: r(Math.max(0.3, sd(e.lpp))),
      logFrames: r(mean(e.lf)),
    };
    out[phone] = st;
  }
  return out;
}

/**
 * The experts' phone and word ratings lined up with the aligned phones and words. Calibration
 * aligns with the corpus's own pronunciations, so phone counts match word by word; a word whose
 * counts differ contributes no phone targets.
 */
export function targets(s: Sample): { phone: (number | null)[]; word: number[] } {
  const phone: (number | null)[] = [];
  s.al.words.forEach((w, i) => {
    const ref = s.utt.words[i];
    const ok = ref && ref.phonesAccuracy.length === w.phones.length;
    for (let j = 0; j < w.phones.length; j++) phone.push(ok ? ref.phonesAccuracy[j] : null);
  });
  return { phone, word: s.al.words.map((_, i) => s.utt.words[i]?.accuracy ?? 0) };
}

/**
 * Speaker-disjoint folds for items spoken by `speakers` (one per item): the distinct speakers in
 * sorted order go to folds 0, 1, …, k − 1 in turn, so every speaker's items land in one fold.
 */
export function foldsOfSpeakers(speakers: readonly string[], k: number): number[] {
  const foldOf = new Map([...new Set(speakers)].sort().map((sp, i) => [sp, i % k]));
  return speakers.map((sp) => foldOf.get(sp) ?? 0);
}

/** Speaker-disjoint folds of dev samples ({@link foldsOfSpeakers}). */
export function speakerFolds(samples: Sample[], k: number): number[] {
  return foldsOfSpeakers(
    samples.map((s) => s.utt.speaker),
    k,
  );
}

/** Tree settings per level; calibration/select.ts chooses among candidates on inner folds. */
export interface FitConfig {
  phone: FitOptions;
  word: FitOptions;
  utterance: FitOptions;
}

function phoneData(samples: Sample[], stats: PhoneStats) {
  const X: number[][] = [];
  const y: number[] = [];
  const owner: number[] = [];
  samples.forEach((s, si) => {
    if (!s.al.ok) return;
    const rows = phoneFeatureRows(s.al, stats);
    const t = targets(s).phone;
    rows.forEach((r, i) => {
      if (t[i] === null) return;
      X.push(r);
      y.push(t[i] as number);
      owner.push(si);
    });
  });
  return { X, y, owner };
}

/**
 * Out-of-fold phone and word predictions for the training samples themselves, so the word and
 * sentence models learn from predictions as noisy as the ones they will see at run time.
 */
function stackedInputs(
  samples: Sample[],
  stats: PhoneStats,
  inner: number,
  fit: FitConfig,
  phones?: PhoneStage,
) {
  const folds = speakerFolds(samples, inner);
  const phonePred: number[][] = samples.map((s) => phones?.oof.get(s) ?? []);
  const wordPred: number[][] = samples.map(() => []);
  const phoneRows = samples.map((s) => (s.al.ok ? phoneFeatureRows(s.al, stats) : []));
  for (let f = 0; f < inner && !phones; f++) {
    const train = samples.filter((_, i) => folds[i] !== f);
    const pd = phoneData(train, stats);
    const pm = fitBoosted(pd.X, pd.y, fit.phone);
    samples.forEach((_, i) => {
      if (folds[i] === f) phonePred[i] = phoneRows[i].map((r) => predictBoosted(pm, r));
    });
  }
  if (phones) {
    // The phone stage brings its own word trees (train-split words) and their out-of-fold predictions.
    return { phoneRows, phonePred, wordRows: [], wordPred: samples.map((s) => phones.wordOof.get(s) ?? []) };
  }
  const wordRows = samples.map((s, i) => (s.al.ok ? wordFeatureRows(s.al, phoneRows[i], phonePred[i]) : []));
  for (let f = 0; f < inner; f++) {
    const X: number[][] = [];
    const y: number[] = [];
    samples.forEach((s, i) => {
      if (folds[i] === f || !s.al.ok) return;
      X.push(...wordRows[i]);
      y.push(...targets(s).word);
    });
    const wm = fitBoosted(X, y, fit.word);
    samples.forEach((_, i) => {
      if (folds[i] === f) wordPred[i] = wordRows[i].map((r) => predictBoosted(wm, r));
    });
  }
  return { phoneRows, phonePred, wordRows, wordPred };
}

/**
 * Phones scored by a posterior model fitted on the train split (calibration/phone-corpus.ts), not
 * on these samples: the model to ship, and per sample predictions from a phone model that did not
 * see that sample's speaker, for the word and sentence models to learn from.
 */
export interface PhoneStage {
  part: PosteriorPhoneModel;
  /** The loop GOP's phone statistics fitted with `part` (the rows' `loop.*` and `forced.*` columns). */
  stats: PhoneStats;
  oof: Map<Sample, number[]>;
  /** Word trees over `wordInputRows`, fitted on the same train-split words as `part`. */
  word: BoostedTrees;
  /** Per sample, raw word predictions from word trees fitted without that sample's speaker. */
  wordOof: Map<Sample, number[]>;
}

/** Ridge penalty used when a configuration names none. */
export const DEFAULT_RIDGE = 30;

/**
 * Fits the whole calibrated model (phone → word → sentence) on the given samples with the given
 * tree settings; `rules` are stored with it for `predict`. The sentence scales get a ridge
 * regression beside the trees, fitted with the penalty `rules.utteranceRidge`.
 */
export function fitModel(
  samples: Sample[],
  acousticModel: string,
  config: { fit: FitConfig; rules: ScoringRules },
  phones?: PhoneStage,
): CalibratedModel {
  const ridge = config.rules.utteranceRidge ?? DEFAULT_RIDGE;
  const { model, linear } = fitModelWithRidges(samples, acousticModel, config, [ridge], phones);
  return { ...model, utteranceLinear: linear.get(ridge) };
}

/**
 * `fitModel` with one ridge regression per penalty in `ridges` (the trees are fitted once), so
 * model selection can compare penalties without refitting the trees. The returned model carries
 * none of them.
 */
export function fitModelWithRidges(
  samples: Sample[],
  acousticModel: string,
  config: { fit: FitConfig; rules: ScoringRules },
  ridges: number[],
  phones?: PhoneStage,
): { model: CalibratedModel; linear: Map<number, Record<UtteranceTarget, LinearModel>> } {
  const { fit, rules } = config;
  const stats = phones?.stats ?? phoneStatistics(samples.filter((s) => s.al.ok));
  const pd = phones ? null : phoneData(samples, stats);
  const phone = pd ? fitBoosted(pd.X, pd.y, fit.phone) : undefined;
  const st = stackedInputs(samples, stats, 4, fit, phones);
  const wX: number[][] = [];
  const wy: number[] = [];
  samples.forEach((s, i) => {
    if (!s.al.ok || phones) return;
    wX.push(...st.wordRows[i]);
    wy.push(...targets(s).word);
  });
  const word = phones ? phones.word : fitBoosted(wX, wy, fit.word);
  const ok = samples.map((s, i) => ({ s, i })).filter((x) => x.s.al.ok);
  const uX = ok.map(({ s, i }) =>
    utteranceFeatureRow({
      alignment: s.al,
      phoneRows: st.phoneRows[i],
      phonePred: st.phonePred[i],
      wordPred: st.wordPred[i],
      cols: PHONE_COLS,
      extra: { contours: s.contours },
    }),
  );
  const uy = (t: UtteranceTarget) => ok.map(({ s }) => utteranceTarget(s.utt, t));
  const utterance = Object.fromEntries(
    UTTERANCE_TARGETS.map((t) => [t, fitBoosted(uX, uy(t), fit.utterance)]),
  ) as CalibratedModel['utterance'];
  const linear = new Map(
    ridges.map((lambda) => [
      lambda,
      Object.fromEntries(UTTERANCE_TARGETS.map((t) => [t, fitRidge(uX, uy(t), lambda)])) as Record<
        UtteranceTarget,
        LinearModel
      >,
    ]),
  );
  return {
    model: {
      acousticModel,
      phoneStats: stats,
      ...(phones ? { posterior: phones.part, wordInputs: 'phone-model-rows' as const } : { phone }),
      word,
      utterance,
      rules,
      fittedOn: {
        utterances: samples.length,
        speakers: new Set(samples.map((s) => s.utt.speaker)).size,
        corpus: phones
          ? 'speechocean762: phones and words on the train split (unrated words by their phones), sentences on its dev subset'
          : 'speechocean762 (train split, dev subset)',
      },
    },
    linear,
  };
}

export function utteranceTarget(utt: ScoredUtterance, t: UtteranceTarget): number {
  return t === 'prosodic' ? utt.prosodic : utt[t];
}
