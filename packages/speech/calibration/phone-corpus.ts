/**
 * The phone scorer's training data and fit (issue 25): every recording of the speechocean762 train
 * split cached by calibration/extract-posteriors.ts, with the experts' phone scores, and the
 * posterior phone model fitted on a set of them (norms and trees on the same recordings).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { phoneFeatureRows, wordInputRows } from '../src/gop/features.ts';
import { lprNorms, posteriorNorms } from '../src/gop/posterior-features.ts';
import { type BoostedTrees, type FitOptions, fitBoosted, predictBoosted } from '../src/scoring/gbdt.ts';
import { fitRidge, predictLinear } from '../src/scoring/linear.ts';
import { type PosteriorPhoneModel, posteriorPhoneRows, withSequence } from '../src/scoring/model.ts';
import type { SequencePhoneModel } from '../src/scoring/phone-sequence.ts';
import { sequenceModelPath } from '../src/scoring/score.ts';
import type { Alignment } from '../src/types.ts';
import { loadTrainLabels } from './dataset.ts';
import { type PhoneStage, phoneStatistics, type Sample, speakerFolds } from './fit-lib.ts';
import { alignmentOf, evidenceOf, loadPosteriorRecords } from './posterior-cache.ts';

/** One cached train-split recording with its phone targets. */
export interface PhoneUtt {
  id: string;
  speaker: string;
  al: Alignment;
  ev: ReturnType<typeof evidenceOf>;
  /** The experts' score per aligned phone where the word's pronunciation equals the corpus's. */
  y: (number | null)[];
  /** The same plus words with another pronunciation of as many phones (scores position by position). */
  yApprox: (number | null)[];
  /**
   * Per aligned word, the mean and the minimum of the experts' scores of its phones (the corpus's
   * pronunciation), or null when the split's words do not line up with the alignment's.
   */
  wordPhones: ({ mean: number; min: number } | null)[];
}

/** Every cached recording that aligned, with targets. */
export function loadPhoneCorpus(): PhoneUtt[] {
  const labels = new Map(loadTrainLabels().map((l) => [l.id, l]));
  return loadPosteriorRecords()
    .filter((r) => r.ok)
    .map((r) => {
      const label = labels.get(r.id);
      const sameCount = label?.words && label.words.length === r.words.length;
      const y: (number | null)[] = [];
      const yApprox: (number | null)[] = [];
      r.words.forEach((w, wi) => {
        const ref = sameCount ? label?.words?.[wi] : undefined;
        w.ph.forEach((_, j) => {
          y.push(w.s ? w.s[j] : null);
          yApprox.push(
            w.s ? w.s[j] : ref && ref.phones.length === w.ph.length ? ref.phonesAccuracy[j] : null,
          );
        });
      });
      const wordPhones = r.words.map((_, wi) => {
        const scores = sameCount ? label?.words?.[wi]?.phonesAccuracy : undefined;
        if (!scores?.length) return null;
        return { mean: scores.reduce((a, b) => a + b, 0) / scores.length, min: Math.min(...scores) };
      });
      return { id: r.id, speaker: r.speaker, al: alignmentOf(r), ev: evidenceOf(r), y, yApprox, wordPhones };
    });
}

export interface PhoneFit {
  fit: FitOptions;
  loop: boolean;
  approx: boolean;
}

/**
 * What `fitPhoneModel` fits before its trees, on `train` alone: the per-phone posterior and LPR
 * norms and the loop GOP's phone statistics (the sequence model's export uses the same).
 */
export function phoneModelNorms(
  train: PhoneUtt[],
  loop: boolean,
): { part: PosteriorPhoneModel; stats: ReturnType<typeof phoneStatistics> } {
  const stats = phoneStatistics(train.map((u) => ({ al: u.al }) as Sample));
  const part: PosteriorPhoneModel = {
    norms: posteriorNorms(train.flatMap((u) => u.ev)),
    lpr: lprNorms(train.flatMap((u) => u.ev)),
    loop,
    trees: { base: 0, rate: 0, trees: [] },
  };
  return { part, stats };
}

/** The phone model's feature rows of one recording under fitted norms (as its trees see them). */
export function phoneModelRowsOf(
  fitted: ReturnType<typeof phoneModelNorms>,
  u: Pick<PhoneUtt, 'al' | 'ev'>,
): number[][] {
  return posteriorPhoneRows(u.al, fitted.part, u.ev, phoneFeatureRows(u.al, fitted.stats));
}

/** The posterior phone model fitted on `train` (norms, the loop's phone statistics and trees). */
export function fitPhoneModel(
  train: PhoneUtt[],
  config: PhoneFit,
): { part: PosteriorPhoneModel; stats: ReturnType<typeof phoneStatistics> } {
  const fitted = phoneModelNorms(train, config.loop);
  const X: number[][] = [];
  const y: number[] = [];
  for (const u of train) {
    const rows = phoneModelRowsOf(fitted, u);
    (config.approx ? u.yApprox : u.y).forEach((v, i) => {
      if (v === null) return;
      X.push(rows[i]);
      y.push(v);
    });
  }
  fitted.part.trees = fitBoosted(X, y, config.fit);
  return fitted;
}

/**
 * Raw predictions (0–2 scale) of a fitted phone model for one recording: the trees' (unclamped),
 * averaged with the part's sequence model when it has one.
 */
export function predictPhones(
  fitted: ReturnType<typeof fitPhoneModel>,
  al: Alignment,
  ev: PhoneUtt['ev'],
): number[] {
  const rows = phoneModelRowsOf(fitted, { al, ev });
  return withSequence(
    fitted.part,
    al,
    rows,
    rows.map((r) => predictBoosted(fitted.part.trees, r)),
  );
}

/**
 * The phone model's settings, chosen by calibration/select-phone-model.ts (nested speaker-disjoint
 * CV over the whole train split; see packages/speech/README.md for the figures).
 */
export const PHONE_FIT: PhoneFit = {
  fit: { rounds: 300, rate: 0.05, depth: 4, minLeaf: 40 },
  loop: true,
  approx: false,
};

/**
 * The word trees' settings when they learn from the whole train split (`fitWordModel`): the
 * product's "base" word trees, the cheapest of three that agreed within 0.006 in
 * calibration/word-training-set.ts.
 */
export const WORD_FIT: FitOptions = { rounds: 150, rate: 0.06, depth: 3, minLeaf: 25 };

/**
 * A word's rating from its phones' expert scores where the experts rated no words (outside the dev
 * subset): least squares of the ratings on the mean and the minimum of the phone scores, over the
 * words that have both. On the dev words the minimum alone correlates with the rating at 0.89.
 */
export function pseudoRating(
  words: { rated: number | null; phones: { mean: number; min: number } | null }[],
): (phones: { mean: number; min: number }) => number {
  const both = words.filter((w) => w.rated !== null && w.phones);
  const fit = fitRidge(
    both.map((w) => [w.phones?.mean ?? 0, w.phones?.min ?? 0]),
    both.map((w) => w.rated as number),
    0,
  );
  return (p) => Math.min(10, Math.max(0, predictLinear(fit, [p.mean, p.min])));
}

/**
 * Word trees over {@link wordInputRows} (no phone predictions), fitted on every word of `train` with
 * a target: the experts' rating where `ratings` has the recording (dev subset), else the
 * {@link pseudoRating} of its phones' scores. `fitted` is the phone model fitted on `train` (its
 * norms and statistics make the rows).
 */
export function fitWordModel(
  train: PhoneUtt[],
  fitted: ReturnType<typeof fitPhoneModel>,
  ratings: ReadonlyMap<string, readonly number[]>,
): BoostedTrees {
  const words = train.flatMap((u) => {
    const rated = ratings.get(u.id);
    const rows = wordRowsOf(fitted, u);
    return u.al.words.map((_, i) => ({
      row: rows[i],
      rated: rated?.length === u.al.words.length ? rated[i] : null,
      phones: u.wordPhones[i],
    }));
  });
  const pseudo = pseudoRating(words);
  const used = words.filter((w) => w.rated !== null || w.phones);
  return fitBoosted(
    used.map((w) => w.row),
    used.map((w) => w.rated ?? pseudo(w.phones as { mean: number; min: number })),
    WORD_FIT,
  );
}

/** The word model's input rows of one recording under a fitted phone model (as `predict` makes them). */
export function wordRowsOf(
  fitted: ReturnType<typeof phoneModelNorms>,
  u: Pick<PhoneUtt, 'al' | 'ev'>,
): number[][] {
  return wordInputRows(u.al, phoneFeatureRows(u.al, fitted.stats), phoneModelRowsOf(fitted, u));
}

/**
 * The phone training sets of `phoneStage(samples, corpus, folds)`: per speaker fold of `samples`,
 * `corpus` without that fold's speakers; then all of `corpus` (`full`).
 */
export function phoneStageSets(
  samples: Sample[],
  corpus: PhoneUtt[],
  folds: number,
): { perFold: PhoneUtt[][]; full: PhoneUtt[] } {
  const foldOf = speakerFolds(samples, folds);
  const perFold = Array.from({ length: folds }, (_, f) => {
    const held = new Set(samples.filter((_, i) => foldOf[i] === f).map((s) => s.utt.speaker));
    return corpus.filter((u) => !held.has(u.speaker));
  });
  return { perFold, full: corpus };
}

/**
 * The phone stage for the dev `samples` (word and sentence labels) from `corpus` (the train split,
 * without any speaker the caller holds out): per speaker fold of `samples` a phone model fitted
 * without that fold's speakers, which predicts the fold's phones; and the model fitted on all of
 * `corpus`. `perFold[f]` carries fold f's model, for scoring fold f in inner cross-validation. Each
 * model gets the sequence model trained on its exact set, when one is committed
 * (calibration/fit-phone-sequence.ts trains them all), and word trees fitted on the same set's
 * words (`fitWordModel`); `wordOof` holds each sample's word predictions from its fold's trees.
 */
export function phoneStage(
  samples: Sample[],
  corpus: PhoneUtt[],
  folds: number,
  config: PhoneFit = PHONE_FIT,
): { full: PhoneStage; perFold: PhoneStage[] } {
  const sets = phoneStageSets(samples, corpus, folds);
  const fit = (train: PhoneUtt[]) => {
    const fitted = fitPhoneModel(train, config);
    const sequence = findSequenceModel(train);
    if (sequence) fitted.part.sequence = sequence;
    return fitted;
  };
  const foldOf = speakerFolds(samples, folds);
  // The experts' word ratings of the dev samples, for the word models' targets.
  const ratings = new Map(samples.map((s) => [s.utt.id, s.utt.words.map((w) => w.accuracy)]));
  const oof = new Map<Sample, number[]>();
  const wordOof = new Map<Sample, number[]>();
  const perFold = sets.perFold.map((train, f) => {
    const fitted = fit(train);
    const word = fitWordModel(train, fitted, ratings);
    samples.forEach((s, i) => {
      if (foldOf[i] !== f || !s.al.ok || !s.ev) return;
      oof.set(s, predictPhones(fitted, s.al, s.ev));
      wordOof.set(
        s,
        wordRowsOf(fitted, { al: s.al, ev: s.ev }).map((r) => predictBoosted(word, r)),
      );
    });
    return { ...fitted, word };
  });
  const full = fit(sets.full);
  return {
    full: { ...full, word: fitWordModel(sets.full, full, ratings), oof, wordOof },
    perFold: perFold.map((p) => ({ ...p, oof, wordOof })),
  };
}

/** The product's model (trained on the whole train split); the others are named by fingerprint. */
export const SEQUENCE_PRODUCT = sequenceModelPath('en-us-16k');
/** Where the sequence phone models live (calibration/fit-phone-sequence.ts writes them). */
export const SEQUENCE_DIR = dirname(SEQUENCE_PRODUCT);
export const sequenceFile = (fingerprint: string) => `en-us-16k-${fingerprint}.json.gz`;

/** Names a training set by its recordings (order-free), so a fit finds the model trained on it. */
export function sequenceFingerprint(ids: readonly string[]): string {
  return createHash('sha256')
    .update([...ids].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
}

const loaded = new Map<string, SequencePhoneModel | null>();
/**
 * The committed sequence phone model trained on exactly the recordings of `train`, or null (for
 * example in a smoke run, whose training sets are cut down).
 */
export function findSequenceModel(train: readonly PhoneUtt[]): SequencePhoneModel | null {
  const fingerprint = sequenceFingerprint(train.map((u) => u.id));
  if (!loaded.has(fingerprint)) {
    const own = join(SEQUENCE_DIR, sequenceFile(fingerprint));
    const product = SEQUENCE_PRODUCT;
    let model: SequencePhoneModel | null = null;
    if (existsSync(own)) model = JSON.parse(gunzipSync(readFileSync(own)).toString('utf8'));
    else if (existsSync(product)) {
      const m = JSON.parse(readFileSync(product, 'utf8')) as SequencePhoneModel;
      if (m.trainedOn.fingerprint === fingerprint) model = m;
    }
    loaded.set(fingerprint, model);
  }
  return loaded.get(fingerprint) ?? null;
}
