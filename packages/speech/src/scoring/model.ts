import { PHONE_FEATURES, type PhoneStats, phoneFeatureRows, wordFeatureRows } from '../gop/features.ts';
import type { Alignment } from '../types.ts';
import { type BoostedTrees, predictBoosted } from './gbdt.ts';
import { type ExtraUtteranceFeatures, utteranceFeatureRow } from './utterance-features.ts';

/** The sentence-level scales of the calibration corpus (0–10 each). */
export const UTTERANCE_TARGETS = ['accuracy', 'fluency', 'prosodic', 'total'] as const;
export type UtteranceTarget = (typeof UTTERANCE_TARGETS)[number];

/**
 * Everything the scorer needs, fitted on expert ratings by `calibration/fit.ts` and stored as JSON:
 * per-phone normalisation, and boosted trees from features to the experts' scales (phone 0–2,
 * word 0–10, sentence 0–10).
 */
export interface CalibratedModel {
  /** Acoustic model the features came from. */
  acousticModel: string;
  phoneStats: PhoneStats;
  phone: BoostedTrees;
  word: BoostedTrees;
  utterance: Record<UtteranceTarget, BoostedTrees>;
  /** What it was fitted on, for the record. */
  fittedOn?: { utterances: number; speakers: number; corpus: string };
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

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Runs the calibrated models over one alignment (phones → words → sentence). */
export function predict(
  al: Alignment,
  model: CalibratedModel,
  extra: ExtraUtteranceFeatures = {},
): Predictions {
  const phoneRows = phoneFeatureRows(al, model.phoneStats);
  const phone = phoneRows.map((r) => clamp(predictBoosted(model.phone, r), 0, 2));
  const wordRows = wordFeatureRows(al, phoneRows, phone);
  const word = wordRows.map((r) => clamp(predictBoosted(model.word, r), 0, 10));
  const row = utteranceFeatureRow({
    alignment: al,
    phoneRows,
    phonePred: phone,
    wordPred: word,
    cols: PHONE_COLS,
    extra,
  });
  const utterance = Object.fromEntries(
    Object.entries(model.utterance).map(([k, m]) => [k, clamp(predictBoosted(m, row), 0, 10)]),
  ) as Record<UtteranceTarget, number>;
  return { phone, word, utterance };
}
