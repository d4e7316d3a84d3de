/**
 * The unscripted-speech scales' data and fit (issue 26): each train-split speaker's recordings
 * (calibration/extract-delivery.ts) joined into answers of 30–60 s, their transcript-free delivery
 * features (`src/delivery/features.ts`), and ridge models of the experts' judgement chosen on
 * speaker-disjoint folds:
 *
 * - pronunciation: the experts' mean phone accuracy of the answer × 5 (all 125 speakers), shown on
 *   the scale of the dev subset's sentence accuracy;
 * - fluency: the dev subset's sentence fluency (51 speakers, one answer of their 6 rated recordings).
 */
import type { VoicedSegment } from '../src/audio/vad.ts';
import { type DeliveryModel, type DeliveryScale, deliveryScores } from '../src/delivery/assess.ts';
import {
  addRecording,
  CLARITY_FEATURES,
  type DeliveryFeature,
  deliveryFeatures,
  emptyDeliveryStats,
  PAUSE_FEATURES,
  RATE_FEATURES,
} from '../src/delivery/features.ts';
import type { PhoneSegment } from '../src/delivery/phone-segments.ts';
import { loadPtmModel } from '../src/posteriors/index.ts';
import { pearson } from '../src/scoring/gbdt.ts';
import { fitRidge, type LinearModel, predictLinear } from '../src/scoring/linear.ts';
import type { Stretch } from '../src/scoring/model.ts';
import { loadScores, loadTrainLabels } from './dataset.ts';
import { type DeliveryRecord, loadDeliveryRecords } from './delivery-cache.ts';
import { foldsOfSpeakers } from './fit-lib.ts';

/** An answer: some recordings of one speaker, their features and the experts' figures. */
export interface Answer {
  speaker: string;
  ids: string[];
  sec: number;
  x: Record<DeliveryFeature, number>;
  /** Mean expert phone accuracy × 5 (0–10). */
  phoneAccuracy: number;
  /** Means of the dev subset's sentence scores (only for answers of dev recordings). */
  dev?: { accuracy: number; fluency: number; total: number };
}

export const ANSWER_MIN_SEC = 30;
/** Silence between joined recordings (s), as bench/free-speech.ts joins them. */
const JOIN_GAP_SEC = 0.5;

/**
 * The speakers' answers: all 125 speakers' recordings in id order cut into answers of ≥ 30 s, and
 * per dev speaker one answer of their 6 rated recordings (`dev` set).
 */
export function loadAnswers(): { answers: Answer[]; devAnswers: Answer[]; recordings: number } {
  const phones = loadPtmModel().phones;
  const labels = new Map(loadTrainLabels().map((l) => [l.id, l]));
  const devScores = new Map(loadScores().map((u) => [u.id, u]));

  /**
   * One timeline, as the product hears an answer: the recordings one after another, 0.5 s apart.
   * The silences before and after each corpus recording (how long the speaker waited for the
   * recorder) then lie between them; with breaks over MAX_PAUSE_SEC untimed they do not count as
   * pauses (at 1.5 s they did, and correlated +0.44 with the experts' accuracy).
   */
  function answerOf(recs: DeliveryRecord[]): Answer {
    const segments: PhoneSegment[] = [];
    const voiced: VoicedSegment[] = [];
    let offset = 0;
    let sum = 0;
    let count = 0;
    for (const r of recs) {
      const f = Math.round(offset * 100);
      for (const [phone, start, frames, lpp, margin] of r.seg)
        segments.push({ phone, start: start + f, frames, lpp, margin });
      for (const [start, end] of r.voiced) voiced.push({ start: start + offset, end: end + offset });
      offset += r.dur + JOIN_GAP_SEC;
      for (const a of labels.get(r.id)?.phonesAccuracy ?? []) {
        sum += a;
        count += 1;
      }
    }
    const rated = recs.map((r) => devScores.get(r.id));
    const mean = (f: (u: NonNullable<(typeof rated)[number]>) => number) =>
      rated.reduce((s, u) => s + (u ? f(u) : 0), 0) / rated.length;
    return {
      speaker: recs[0].speaker,
      ids: recs.map((r) => r.id),
      sec: recs.reduce((s, r) => s + r.dur, 0),
      x: deliveryFeatures(addRecording(emptyDeliveryStats(), segments, phones, voiced)),
      phoneAccuracy: (sum / Math.max(1, count)) * 5,
      dev: rated.every(Boolean)
        ? { accuracy: mean((u) => u.accuracy), fluency: mean((u) => u.fluency), total: mean((u) => u.total) }
        : undefined,
    };
  }

  /** A speaker's recordings cut into answers of at least 30 s (a short rest joins the last). */
  function answersOf(recs: DeliveryRecord[]): Answer[] {
    const groups: DeliveryRecord[][] = [];
    let cur: DeliveryRecord[] = [];
    let sec = 0;
    for (const r of recs) {
      cur.push(r);
      sec += r.dur;
      if (sec >= ANSWER_MIN_SEC) {
        groups.push(cur);
        cur = [];
        sec = 0;
      }
    }
    if (cur.length) {
      if (groups.length && sec < ANSWER_MIN_SEC / 2) groups[groups.length - 1].push(...cur);
      else groups.push(cur);
    }
    return groups.map(answerOf);
  }

  const records = loadDeliveryRecords().sort((a, b) => a.id.localeCompare(b.id));
  const bySpeaker = new Map<string, DeliveryRecord[]>();
  for (const r of records) bySpeaker.set(r.speaker, [...(bySpeaker.get(r.speaker) ?? []), r]);
  return {
    answers: [...bySpeaker.values()].flatMap(answersOf),
    devAnswers: [...bySpeaker.values()]
      .map((recs) => recs.filter((r) => devScores.has(r.id)))
      .filter((recs) => recs.length)
      .map(answerOf),
    recordings: records.length,
  };
}

export interface Candidate {
  name: string;
  features: readonly DeliveryFeature[];
  lambda: number;
}

/**
 * The feature sets the folds choose among. Pauses leave out `stretchSec` (speech between breaks):
 * in this corpus it is the length of the sentence a speaker was given to read (adults got longer
 * ones), not how they speak.
 */
export const FEATURE_SETS: Record<string, readonly DeliveryFeature[]> = {
  clarity: CLARITY_FEATURES,
  'clarity+rate': [...CLARITY_FEATURES, ...RATE_FEATURES],
  'clarity+rate+pauses': [...CLARITY_FEATURES, ...RATE_FEATURES, ...PAUSE_FEATURES],
};
const LAMBDAS = [1, 3, 10, 30, 100];

export function candidatesOf(sets: readonly string[] = Object.keys(FEATURE_SETS)): Candidate[] {
  return sets.flatMap((name) =>
    LAMBDAS.map((lambda) => ({ name: `${name} λ${lambda}`, features: FEATURE_SETS[name], lambda })),
  );
}

export type Target = (a: Answer) => number;
export const phoneTarget: Target = (a) => a.phoneAccuracy;
export const devTarget =
  (k: 'accuracy' | 'fluency' | 'total'): Target =>
  (a) =>
    a.dev?.[k] ?? 0;

const fit = (as: Answer[], y: Target, c: Candidate): LinearModel =>
  fitRidge(
    as.map((a) => c.features.map((f) => a.x[f])),
    as.map(y),
    c.lambda,
  );
const predict = (m: LinearModel, c: Candidate, a: Answer) =>
  predictLinear(
    m,
    c.features.map((f) => a.x[f]),
  );

/** Held-out predictions of `c` over `k` speaker folds of `as`. */
function heldOut(as: Answer[], y: Target, c: Candidate, k: number): number[] {
  const folds = foldsOfSpeakers(
    as.map((a) => a.speaker),
    k,
  );
  const pred = new Array<number>(as.length).fill(0);
  for (let f = 0; f < k; f++) {
    const m = fit(
      as.filter((_, i) => folds[i] !== f),
      y,
      c,
    );
    as.forEach((a, i) => {
      if (folds[i] === f) pred[i] = predict(m, c, a);
    });
  }
  return pred;
}

/** The candidate with the best held-out PCC over `k` speaker folds of `as`. */
export function choose(as: Answer[], y: Target, candidates: Candidate[], k = 4): Candidate {
  let best = candidates[0];
  let bestR = Number.NEGATIVE_INFINITY;
  for (const c of candidates) {
    const r = pearson(heldOut(as, y, c, k), as.map(y));
    if (r > bestR) [best, bestR] = [c, r];
  }
  return best;
}

/**
 * Nested CV: per outer speaker fold, the candidate the inner folds choose is fitted on the outer
 * training speakers and predicts the fold's answers, and those of `also` by the fold's speakers.
 */
export function nested(
  as: Answer[],
  y: Target,
  candidates: Candidate[],
  also: Answer[] = [],
  outer = 5,
  inner = 4,
) {
  const all = foldsOfSpeakers(
    [...as, ...also].map((a) => a.speaker),
    outer,
  );
  const folds = all.slice(0, as.length);
  const alsoFolds = all.slice(as.length);
  const pred = new Array<number>(as.length).fill(0);
  const alsoPred = new Array<number>(also.length).fill(0);
  const chosen: string[] = [];
  for (let f = 0; f < outer; f++) {
    const train = as.filter((_, i) => folds[i] !== f);
    const best = choose(train, y, candidates, inner);
    chosen.push(best.name);
    const m = fit(train, y, best);
    as.forEach((a, i) => {
      if (folds[i] === f) pred[i] = predict(m, best, a);
    });
    also.forEach((a, i) => {
      if (alsoFolds[i] === f) alsoPred[i] = predict(m, best, a);
    });
  }
  return { pred, alsoPred, chosen };
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sd = (v: number[]) => Math.sqrt(mean(v.map((x) => (x - mean(v)) ** 2)));
const r4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * The display map from held-out predictions to the experts' 0–10 scale: a speaker the experts
 * rate t is shown t on average (gain = spread ratio ÷ correlation, as the reading scales;
 * docs/decisions/025), so weak speakers land low and strong ones high.
 */
export function displayOf(pred: number[], y: number[]): Stretch {
  const r = Math.max(0.3, pearson(pred, y));
  return { from: r4(mean(pred)), to: r4(mean(y)), gain: r4(sd(y) / (sd(pred) || 1) / r) };
}

export interface DeliveryFit {
  model: DeliveryModel;
  /** Nested-CV figures on the answers it was given. */
  figures: {
    pronunciationVsPhoneAccuracy: number;
    pronunciationVsDevAccuracy: number;
    fluencyVsDevFluency: number;
  };
  chosen: { pronunciation: string; fluency: string };
}

/**
 * The delivery model from some answers: each scale's candidate chosen on 4 speaker folds of all of
 * them and fitted on all of them; the display maps from nested held-out predictions (pronunciation
 * against the dev answers' sentence accuracy, fluency against their fluency).
 */
export function fitDelivery(
  answers: Answer[],
  devAnswers: Answer[],
  candidates = candidatesOf(),
): DeliveryFit {
  const accuracy = devAnswers.map(devTarget('accuracy'));
  const fluencyY = devTarget('fluency');
  const pron = nested(answers, phoneTarget, candidates, devAnswers);
  const flu = nested(devAnswers, fluencyY, candidates);
  const scale = (as: Answer[], y: Target, pred: number[], ys: number[]): [DeliveryScale, string] => {
    const c = choose(as, y, candidates);
    return [{ features: [...c.features], model: fit(as, y, c), display: displayOf(pred, ys) }, c.name];
  };
  const [pronunciation, pc] = scale(answers, phoneTarget, pron.alsoPred, accuracy);
  const [fluency, fc] = scale(devAnswers, fluencyY, flu.pred, devAnswers.map(fluencyY));
  return {
    model: { pronunciation, fluency },
    figures: {
      pronunciationVsPhoneAccuracy: r4(pearson(pron.pred, answers.map(phoneTarget))),
      pronunciationVsDevAccuracy: r4(pearson(pron.alsoPred, accuracy)),
      fluencyVsDevFluency: r4(pearson(flu.pred, devAnswers.map(fluencyY))),
    },
    chosen: { pronunciation: pc, fluency: fc },
  };
}

/**
 * The committed model's displayed scores (as users see them) against the experts on the answers it
 * was fitted on: not a figure of agreement, a check that the committed weights are the fitted ones.
 */
export function inSampleFigures(model: DeliveryModel, answers: Answer[], devAnswers: Answer[]) {
  const shown = (as: Answer[]) => as.map((a) => deliveryScores(model, a.x));
  const all = shown(answers);
  const dev = shown(devAnswers);
  return {
    pronunciationVsPhoneAccuracy: r4(
      pearson(
        all.map((s) => s.pronunciation),
        answers.map(phoneTarget),
      ),
    ),
    pronunciationVsDevAccuracy: r4(
      pearson(
        dev.map((s) => s.pronunciation),
        devAnswers.map(devTarget('accuracy')),
      ),
    ),
    fluencyVsDevFluency: r4(
      pearson(
        dev.map((s) => s.fluency),
        devAnswers.map(devTarget('fluency')),
      ),
    ),
  };
}
