import {
  PHONE_FEATURES,
  type PhoneStats,
  phoneFeatureRows,
  WORD_FEATURES,
  wordFeatureRows,
  wordInputRows,
} from '../gop/features.ts';
import {
  type LprNorms,
  PHONE_MODEL_LOOP_COLS,
  type PhoneEvidence,
  type PosteriorNorms,
  phoneModelRows,
} from '../gop/posterior-features.ts';
import type { Alignment } from '../types.ts';
import { type BoostedTrees, predictBoosted } from './gbdt.ts';
import { type LinearModel, predictLinear } from './linear.ts';
import { arpabetIds, predictSequence, type SequencePhoneModel } from './phone-sequence.ts';
import type { TextMatchModel } from './text-match.ts';
import { type ExtraUtteranceFeatures, utteranceFeatureRow } from './utterance-features.ts';

/** A linear map on the experts' scale: `to + gain × (x − from)`. */
export interface Stretch {
  from: number;
  to: number;
  gain: number;
}

export function stretch(x: number, s: Stretch | undefined): number {
  return s ? s.to + s.gain * (x - s.from) : x;
}

/** The sentence-level scales of the calibration corpus (0–10 each). */
export const UTTERANCE_TARGETS = ['accuracy', 'fluency', 'prosodic', 'total'] as const;
export type UtteranceTarget = (typeof UTTERANCE_TARGETS)[number];

/**
 * The phone scorer over frame-level phone posteriors (issue 25): per-phone norms of the posterior
 * evidence and boosted trees over `phoneModelRows`, fitted on the whole speechocean762 train split.
 */
export interface PosteriorPhoneModel {
  norms: PosteriorNorms;
  lpr: LprNorms;
  /** Whether the rows keep the free phone loop's columns (`loop.*`). */
  loop: boolean;
  trees: BoostedTrees;
  /**
   * The sequence model over the same rows (calibration/fit-phone-sequence.ts), averaged with the
   * trees (`withSequence`): the phone scores and the word and sentence models' phone inputs are the
   * mean of the two. Kept in its own file; `loadCalibratedModel` attaches it.
   */
  sequence?: SequencePhoneModel;
}

/** The sequence model's share of the raw phone scores (fixed at ½ before it was measured). */
export const SEQUENCE_SHARE = 0.5;

/**
 * Everything the scorer needs, fitted on expert ratings by `calibration/fit.ts` and stored as JSON:
 * per-phone normalisation, and boosted trees from features to the experts' scales (phone 0–2,
 * word 0–10, sentence 0–10).
 */
export interface CalibratedModel {
  /** Acoustic model the features came from. */
  acousticModel: string;
  phoneStats: PhoneStats;
  /**
   * Phones scored from posteriors (16 kHz model): `predict` then needs `extra.evidence`. Models
   * without it (the bundled 8 kHz one, whose posteriors are not computed) use `phone`.
   */
  posterior?: PosteriorPhoneModel;
  /** Phone trees over the aligner's features alone (`phoneFeatureRows`), for models without `posterior`. */
  phone?: BoostedTrees;
  /** Tells a reading of the text from a recording of something else (needs the posterior evidence). */
  textMatch?: TextMatchModel;
  /**
   * Linear display mappings (experts' scale) chosen so that held-out scores spread like the
   * experts' (`scoreAlignment` applies them; order and correlation unchanged): predictions
   * regress towards the mean, which squeezed a weak reader's 2.4/10 to 72/100.
   */
  display?: Partial<Record<UtteranceTarget | 'word', Stretch>>;
  word: BoostedTrees;
  /**
   * What `word` reads: absent, {@link wordFeatureRows} (with the phone predictions, fitted on the
   * dev subset's rated words); `phone-model-rows`, {@link wordInputRows} over the posterior phone
   * scorer's rows (fitted on every word of the train split, unrated ones by the experts' phone
   * scores: calibration/phone-corpus.ts `fitWordModel`). Needs `posterior`.
   */
  wordInputs?: 'phone-model-rows';
  utterance: Record<UtteranceTarget, BoostedTrees>;
  /**
   * Ridge regressions over the same sentence features, blended with the trees by
   * `rules.utteranceLinearShare` (absent in models fitted before 2026-11-26: trees only).
   */
  utteranceLinear?: Record<UtteranceTarget, LinearModel>;
  /** Strengths of the pulls `predict` adds to the trees, chosen by cross-validation. */
  rules: ScoringRules;
  /** What it was fitted on, for the record. */
  fittedOn?: {
    utterances: number;
    speakers: number;
    corpus: string;
    /**
     * PCC of the raw predictions with the experts on the dev set it was fitted on (in-sample: a
     * check that the committed weights are the fitted ones, never a figure of agreement).
     */
    inSample?: { phone: number; word: number; total: number };
  };
}

/**
 * The trees lean on speaker-level features and barely react to one clearly wrong phone, which is
 * exactly what a learner needs to see. These pulls add a word's worst phone (`wordGopPull` points
 * per unit of normalised GOP below −2) and a phone's own GOP (`localGopPull` × the excess below
 * −0.5) to the scores. Their strengths are chosen on inner folds (calibration/select.ts).
 */
export interface ScoringRules {
  wordGopPull: number;
  /** Normalised GOP of a word's worst phone below which `wordGopPull` applies. */
  wordGopKnee: number;
  localGopPull: number;
  /** Share of a phone's score taken from its word's (experts' phone and word ratings correlate at 0.69). */
  phoneWordBlend: number;
  /**
   * The pull and knee of the word score a phone borrows (`phoneWordBlend`), when they differ from
   * the displayed word's (`wordGopPull`, `wordGopKnee`; the default). Each level's rules are chosen
   * by that level's own agreement (calibration/select.ts), so a pull that helps the phones through
   * the blend does not have to be shown on the words.
   */
  phoneWordPull?: number;
  phoneWordKnee?: number;
  /**
   * Share of a word's shown score taken from its phones' raw scores (the phone model's, before the
   * phone rules; their mean or minimum on the word's 0–10 scale), the converse of `phoneWordBlend`:
   * the phone scores carry the sequence model's reading of the whole utterance, which the word trees
   * do not see. None by default.
   */
  wordPhoneBlend?: number;
  wordPhoneAggregate?: 'mean' | 'min';
  /** Share of each sentence score taken from the ridge regression (`utteranceLinear`), the rest from the trees. */
  utteranceLinearShare?: number;
  /** The ridge penalty `utteranceLinear` was fitted with (for the record and for refitting). */
  utteranceRidge?: number;
}

export interface Predictions {
  /** Phone accuracy on the experts' 0–2 scale, one per aligned phone in order. */
  phone: number[];
  /** Word accuracy 0–10, one per aligned word. */
  word: number[];
  /** Sentence scores 0–10. */
  utterance: Record<UtteranceTarget, number>;
}

export const PHONE_COLS = {
  gopN: PHONE_FEATURES.indexOf('gopN'),
  lppN: PHONE_FEATURES.indexOf('lppN'),
  loopAgree: PHONE_FEATURES.indexOf('loopAgree'),
  minDuration: PHONE_FEATURES.indexOf('minDuration'),
  logFrames: PHONE_FEATURES.indexOf('logFrames'),
};

const WORD_MEAN_GOPN = WORD_FEATURES.indexOf('meanGopN');
const WORD_MIN_GOPN = WORD_FEATURES.indexOf('minGopN');

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Words whose mean normalised GOP falls below what any rated learner produced are not the word
 * that was asked for (another word, or no speech). The experts' data has almost none of these, so
 * the fitted trees cannot know; this factor scales such words (and the sentence, by their share)
 * towards 0. Within the calibration data's range it is 1 and changes nothing.
 */
export const MISMATCH = { fullAt: -2.5, zeroAt: -4.5 };
/** The same for a whole utterance's mean normalised GOP (the lowest rated learner: about −1.5). */
export const UTTERANCE_MISMATCH = { fullAt: -1.5, zeroAt: -3 };

export function matchFactor(wordMeanGopN: number): number {
  return clamp((wordMeanGopN - MISMATCH.zeroAt) / (MISMATCH.fullAt - MISMATCH.zeroAt), 0, 1);
}

/** What the scorer reads besides the alignment. */
export interface ScoringEvidence extends ExtraUtteranceFeatures {
  /** Posterior evidence per aligned phone (`phoneEvidence`), needed by models with `posterior`. */
  evidence?: readonly PhoneEvidence[];
}

/** The posterior phone scorer's rows (loop columns dropped when the model was fitted without them). */
export function posteriorPhoneRows(
  al: Alignment,
  part: PosteriorPhoneModel,
  evidence: readonly PhoneEvidence[],
  phoneRows: readonly (readonly number[])[],
): number[][] {
  const rows = phoneModelRows(al.words, evidence, part, phoneRows);
  return part.loop ? rows : rows.map((r) => r.filter((_, j) => !PHONE_MODEL_LOOP_COLS.has(j)));
}

/**
 * Raw phone accuracy (0–2) per aligned phone, before the rules: the trees', or with a sequence
 * model the mean of the two.
 */
function rawPhoneScores(
  al: Alignment,
  model: CalibratedModel,
  phoneRows: number[][],
  evidence: readonly PhoneEvidence[] | undefined,
): { scores: number[]; modelRows?: number[][] } {
  if (model.posterior) {
    const n = phoneRows.length;
    if (!evidence || evidence.length !== n)
      throw new Error(`this model scores phones from posteriors: evidence for all ${n} phones is needed`);
    const part = model.posterior;
    const rows = posteriorPhoneRows(al, part, evidence, phoneRows);
    const trees = rows.map((r) => clamp(predictBoosted(part.trees, r), 0, 2));
    return { scores: withSequence(part, al, rows, trees), modelRows: rows };
  }
  if (!model.phone) throw new Error('the model has no phone scorer');
  const trees = model.phone;
  return { scores: phoneRows.map((r) => clamp(predictBoosted(trees, r), 0, 2)) };
}

/**
 * Phone predictions `trees` (made from `rows`) averaged with the part's sequence model, when it has
 * one that can score the reading; otherwise `trees` unchanged.
 */
export function withSequence(
  part: PosteriorPhoneModel,
  al: Alignment,
  rows: readonly (readonly number[])[],
  trees: number[],
): number[] {
  const sequence = part.sequence && predictSequence(part.sequence, rows, arpabetIds(al));
  if (!sequence) return trees;
  return trees.map((t, i) => (1 - SEQUENCE_SHARE) * t + SEQUENCE_SHARE * clamp(sequence[i], 0, 2));
}

/**
 * Word scores `words` (0–10) with the share `share` taken from their phones' raw scores (0–2, one
 * per aligned phone), aggregated per word and put on the word's scale.
 */
function blendPhonesIntoWords(
  al: Alignment,
  words: number[],
  phones: number[],
  share: number,
  aggregate: 'mean' | 'min' = 'mean',
): number[] {
  let k = 0;
  return al.words.map((w, i) => {
    const own = phones.slice(k, k + w.phones.length);
    k += w.phones.length;
    if (own.length === 0) return words[i];
    const v = aggregate === 'min' ? Math.min(...own) : own.reduce((a, b) => a + b, 0) / own.length;
    return (1 - share) * words[i] + share * v * 5;
  });
}

/** Runs the calibrated models over one alignment (phones → words → sentence). */
export function predict(al: Alignment, model: CalibratedModel, extra: ScoringEvidence = {}): Predictions {
  const phoneRows = phoneFeatureRows(al, model.phoneStats);
  const { scores: rawPhone, modelRows } = rawPhoneScores(al, model, phoneRows, extra.evidence);
  const wordRows = wordFeatureRows(al, phoneRows, rawPhone);
  let wordInputs = wordRows;
  if (model.wordInputs === 'phone-model-rows') {
    if (!modelRows) throw new Error("this word model reads the posterior phone scorer's rows");
    wordInputs = wordInputRows(al, phoneRows, modelRows);
  }
  const rawWord = wordInputs.map((r) => clamp(predictBoosted(model.word, r), 0, 10));
  const row = utteranceFeatureRow({
    alignment: al,
    phoneRows,
    phonePred: rawPhone,
    wordPred: rawWord,
    cols: PHONE_COLS,
    extra,
  });
  const factors = wordRows.map((r) => matchFactor(r[WORD_MEAN_GOPN]));
  const minGop = wordRows.map((r) => r[WORD_MIN_GOPN]);
  const rules = model.rules;
  // The pulls act on what is shown, after the share from the phones: a word whose worst phone fits
  // far worse than any rated learner's keeps its full pull whatever the phone model makes of it.
  const pulled = (scores: number[], pull: number, knee: number) =>
    scores.map((w, i) => clamp(w - pull * Math.max(0, knee - minGop[i]), 0, 10) * factors[i]);
  const share = rules.wordPhoneBlend ?? 0;
  const mixed =
    share > 0 ? blendPhonesIntoWords(al, rawWord, rawPhone, share, rules.wordPhoneAggregate) : rawWord;
  const word = pulled(mixed, rules.wordGopPull, rules.wordGopKnee);
  // A phone borrows its word's score from the word trees alone (never from the phones themselves).
  const borrowed = pulled(
    rawWord,
    rules.phoneWordPull ?? rules.wordGopPull,
    rules.phoneWordKnee ?? rules.wordGopKnee,
  );
  const phoneFactor = al.words.flatMap((w, i) => w.phones.map(() => factors[i]));
  const phoneWord = al.words.flatMap((w, i) => w.phones.map(() => borrowed[i] / 5));
  const blend = rules.phoneWordBlend;
  const phone = rawPhone.map((p, i) =>
    clamp(
      ((1 - blend) * (p - rules.localGopPull * Math.max(0, -phoneRows[i][PHONE_COLS.gopN] - 0.5)) +
        blend * phoneWord[i]) *
        phoneFactor[i],
      0,
      2,
    ),
  );
  const uttGopN = phoneRows.reduce((a, r) => a + r[PHONE_COLS.gopN], 0) / Math.max(1, phoneRows.length);
  const uttFactor = clamp(
    (uttGopN - UTTERANCE_MISMATCH.zeroAt) / (UTTERANCE_MISMATCH.fullAt - UTTERANCE_MISMATCH.zeroAt),
    0,
    1,
  );
  const matched = (uttFactor * factors.reduce((a, b) => a + b, 0)) / Math.max(1, factors.length);
  const linearShare = model.utteranceLinear ? (rules.utteranceLinearShare ?? 0) : 0;
  const utterance = Object.fromEntries(
    UTTERANCE_TARGETS.map((k) => {
      const trees = predictBoosted(model.utterance[k], row);
      const linear =
        linearShare > 0 && model.utteranceLinear ? predictLinear(model.utteranceLinear[k], row) : trees;
      return [k, clamp((1 - linearShare) * trees + linearShare * linear, 0, 10) * matched];
    }),
  ) as Record<UtteranceTarget, number>;
  return { phone, word, utterance };
}
