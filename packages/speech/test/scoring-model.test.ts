import { describe, expect, it } from 'vitest';
import { loadSamples } from '../calibration/cache.ts';
import { DATASET_AVAILABLE, needsDataset } from '../calibration/dataset.ts';
import { fitBoosted, pearson, predictBoosted } from '../src/scoring/gbdt.ts';
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

// Needs the whole dev set's labels (the committed cache holds only alignments).
const RANKS_DEV_SET = needsDataset(
  'ranks the dev set like the experts (in-sample sanity check, not the reported figure)',
);

describe('calibrated model', () => {
  it.skipIf(!DATASET_AVAILABLE)(RANKS_DEV_SET, () => {
    const model = loadCalibratedModel('en-us-16k');
    const samples = loadSamples('en-us-16k').filter((_, i) => i % 3 === 0);
    const predicted = samples.map((s) => predict(s.al, model, { contours: s.contours }).utterance.total);
    expect(
      pearson(
        predicted,
        samples.map((s) => s.utt.total),
      ),
    ).toBeGreaterThan(0.6);
  });

  it("leaves words in the raters' range alone and zeroes words nothing like the text", () => {
    expect(matchFactor(0)).toBe(1);
    expect(matchFactor(-2.5)).toBe(1);
    expect(matchFactor(-6)).toBe(0);
  });
});
