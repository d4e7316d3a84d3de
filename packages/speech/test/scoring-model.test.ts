import { describe, expect, it } from 'vitest';
import { loadCache, loadSamples } from '../calibration/cache.ts';
import { DATASET_AVAILABLE, needsDataset } from '../calibration/dataset.ts';
import { Agreement } from '../calibration/evaluate.ts';
import { fitBoosted, pearson, predictBoosted } from '../src/scoring/gbdt.ts';
import { fitRidge, predictLinear } from '../src/scoring/linear.ts';
import { matchFactor, predict } from '../src/scoring/model.ts';
import { loadCalibratedModel } from '../src/scoring/score.ts';

describe('boosted trees', () => {
  it('learn a non-linear rule and fit the same way every time', () => {
    const X = Array.from({ length: 400 }, (_, i) => [(i % 20) / 20, Math.floor(i / 20) / 20]);
    const y = X.map(([a, b]) => (a > 0.5 ? 2 : 0) + (b > 0.3 ? 1 : 0));
    const m1 = fitBoosted(X, y, { rounds: 80, rate: 0.2, depth: 2, minLeaf: 5 });
    const m2 = fitBoosted(X, y, { rounds: 80, rate: 0.2, depth: 2, minLeaf: 5 });
    expect(m2).toEqual(m1);
    expect(predictBoosted(m1, [0.9, 0.9])).toBeCloseTo(3, 1);
    expect(predictBoosted(m1, [0.1, 0.1])).toBeCloseTo(0, 1);
    expect(
      pearson(
        X.map((x) => predictBoosted(m1, x)),
        y,
      ),
    ).toBeGreaterThan(0.99);
  });
});

describe('ridge regression of the sentence scores', () => {
  const X = Array.from({ length: 200 }, (_, i) => [(i % 10) / 10, Math.floor(i / 10) / 20, 5]);
  const y = X.map(([pauses, rate]) => 8 - 4 * pauses + 2 * rate);

  it('learns a smooth relation, the same way every time', () => {
    const m = fitRidge(X, y, 0.01);
    expect(fitRidge(X, y, 0.01)).toEqual(m);
    expect(predictLinear(m, [0.5, 0.5, 5])).toBeCloseTo(7, 1);
    // A constant column (a feature that never varied in training) gets no weight.
    expect(m.weights[2]).toBe(0);
  });

  it('never extrapolates past what it was fitted on', () => {
    const m = fitRidge(X, y, 0.01);
    const edge = predictLinear(m, [0, 0.95, 5]);
    expect(predictLinear(m, [-50, 40, 5])).toBeCloseTo(edge, 6);
    expect(predictLinear(m, [Number.NaN, 0.95, 5])).toBeLessThan(edge);
  });

  it('shrinks towards the mean as the penalty grows', () => {
    const spread = (lambda: number) => {
      const m = fitRidge(X, y, lambda);
      return predictLinear(m, [0, 0.95, 5]) - predictLinear(m, [0.9, 0, 5]);
    };
    expect(spread(1e4)).toBeLessThan(spread(1));
    expect(spread(1e4)).toBeGreaterThan(0);
  });
});

// Needs the whole dev set's labels (the committed cache holds only alignments and evidence).
const REPRODUCES = needsDataset(
  'reproduces the in-sample figures it was fitted with (the committed weights are the fitted ones)',
);

describe('calibrated model', () => {
  it.skipIf(!DATASET_AVAILABLE)(REPRODUCES, () => {
    const model = loadCalibratedModel('en-us-16k');
    const raw = new Agreement();
    for (const s of loadSamples('en-us-16k'))
      raw.addRaw(s.al.ok ? predict(s.al, model, { contours: s.contours, evidence: s.ev }) : null, s);
    const figures = raw.summary();
    const fitted = model.fittedOn?.inSample;
    expect(fitted).toBeDefined();
    expect(figures.phone).toBeCloseTo(fitted?.phone ?? 0, 3);
    expect(figures.word).toBeCloseTo(fitted?.word ?? 0, 3);
    expect(figures.total).toBeCloseTo(fitted?.total ?? 0, 3);
    // And they rank people: a sanity floor well below the held-out figures the README reports.
    expect(figures.total).toBeGreaterThan(0.6);
  });

  it('does not keep lowering fluency for a longer silence after the last word than the raters heard', () => {
    // A learner who stops the recorder late must not lose more than the calibration data supports.
    const model = loadCalibratedModel('en-us-16k');
    const { alignments, contours, evidence } = loadCache('en-us-16k');
    const [id, al] = Object.entries(alignments).find(([, a]) => a.ok) ?? [];
    if (!id || !al) throw new Error('empty cache');
    const last = al.words[al.words.length - 1].end;
    const fluencyWithTail = (sec: number) =>
      predict({ ...al, durationSec: last + sec }, model, { contours: contours[id], evidence: evidence?.[id] })
        .utterance.fluency;
    expect(fluencyWithTail(60)).toBeCloseTo(fluencyWithTail(8), 6);
  });

  it("leaves words in the raters' range alone and zeroes words nothing like the text", () => {
    expect(matchFactor(0)).toBe(1);
    expect(matchFactor(-2.5)).toBe(1);
    expect(matchFactor(-6)).toBe(0);
  });
});
