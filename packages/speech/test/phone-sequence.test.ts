import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARPABET_PHONES } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { TRAIN_AVAILABLE } from '../calibration/dataset.ts';
import {
  loadPhoneCorpus,
  phoneModelNorms,
  phoneModelRowsOf,
  SEQUENCE_DIR,
} from '../calibration/phone-corpus.ts';
import { pearson } from '../src/scoring/gbdt.ts';
import { arpabetIds, predictSequence, type SequencePhoneModel } from '../src/scoring/phone-sequence.ts';
import { loadCalibratedModel } from '../src/scoring/score.ts';

const installed = JSON.parse(
  readFileSync(join(SEQUENCE_DIR, 'en-us-16k.json'), 'utf8'),
) as SequencePhoneModel;
/** Three train-split recordings' rows and torch's outputs for them (calibration/seq-train.py --fixture). */
const parity = JSON.parse(
  readFileSync(new URL('fixtures/phone-sequence-parity.json', import.meta.url), 'utf8'),
) as { recordings: { id: string; rows: number[][]; phones: number[]; expected: number[] }[] };

describe('sequence phone model', () => {
  it('computes what torch computed with the committed weights', () => {
    expect(parity.recordings).toHaveLength(3);
    for (const r of parity.recordings) {
      const got = predictSequence(installed, r.rows, r.phones);
      expect(got).toHaveLength(r.expected.length);
      const worst = Math.max(...(got ?? []).map((v, i) => Math.abs(v - r.expected[i])));
      expect(worst).toBeLessThan(1e-4);
    }
  });

  it('is what the product loads beside the trees, and declines what it cannot score', () => {
    expect(loadCalibratedModel('en-us-16k').posterior?.sequence?.trainedOn).toEqual(installed.trainedOn);
    const [r] = parity.recordings;
    expect(
      predictSequence(
        installed,
        r.rows,
        r.phones.map(() => ARPABET_PHONES.length),
      ),
    ).toBeNull();
    expect(predictSequence(installed, [], [])).toBeNull();
  });

  it('scores a reading longer than its positions in equal chunks, each a sentence of its own', () => {
    const all = [...parity.recordings, ...parity.recordings];
    const rows = all.flatMap((r) => r.rows);
    const phones = all.flatMap((r) => r.phones);
    const max = installed.pos.shape[0];
    expect(rows.length).toBeGreaterThan(max);
    const got = predictSequence(installed, rows, phones) ?? [];
    expect(got).toHaveLength(rows.length);
    const size = Math.ceil(rows.length / Math.ceil(rows.length / max));
    const first = predictSequence(installed, rows.slice(0, size), phones.slice(0, size)) ?? [];
    expect(got.slice(0, size)).toEqual(first);
    expect(got.every(Number.isFinite)).toBe(true);
  });

  it.skipIf(!TRAIN_AVAILABLE)(
    'reproduces the in-sample figure it was fitted with on the train split',
    () => {
      const corpus = loadPhoneCorpus();
      expect(corpus).toHaveLength(installed.trainedOn.recordings);
      const norms = phoneModelNorms(corpus, true);
      const pred: number[] = [];
      const truth: number[] = [];
      for (const u of corpus) {
        const p = predictSequence(installed, phoneModelRowsOf(norms, u), arpabetIds(u.al));
        u.y.forEach((v, i) => {
          if (v === null || !p) return;
          pred.push(p[i]);
          truth.push(v);
        });
      }
      expect(pearson(pred, truth)).toBeCloseTo(installed.fit.inSamplePcc, 3);
    },
    120_000,
  );
});
