import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readWav16k } from '../../calibration/dataset.ts';
import { type Aligner, createAligner } from '../align/aligner.ts';
import { loadPtmModel } from '../posteriors/model.ts';
import { MODEL_AVAILABLE, needs } from '../posteriors/posteriors.test-helper.ts';
import { createPosteriorComputer, type PhonePosteriors } from '../posteriors/posteriors.ts';
import { computeContours } from '../scoring/contours.ts';
import type { Alignment } from '../types.ts';
import {
  LPR_PHONES,
  type PhoneEvidence,
  POSTERIOR_FEATURES,
  phoneEvidence,
  posteriorFeatureRows,
  posteriorNorms,
} from './posterior-features.ts';

const MODEL = 'pocketsphinx-en-us';
const col = (name: string) => POSTERIOR_FEATURES.indexOf(name);

describe('posterior feature rows (synthetic evidence)', () => {
  const ev = (phone: string, frames: number, lpp: number): PhoneEvidence => ({
    phone,
    frames,
    lpp,
    lpr: LPR_PHONES.map((q) => (q === phone ? 0 : 1)),
    gopPost: 0,
    silPost: -5,
    energyDb: -30,
  });

  it('normalise LPP per phone, take duration against norm and tempo, and read position and neighbours', () => {
    const evidence = [ev('K', 10, -1), ev('AE', 20, -2), ev('T', 5, -4)];
    const norms = posteriorNorms([ev('K', 5, -1), ev('K', 5, -3), ev('AE', 10, -2), ev('T', 5, -4)]);
    expect(norms.K.lppMean).toBe(-2);
    const rows = posteriorFeatureRows([{ phones: [1, 2, 3] }], evidence, norms);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toHaveLength(POSTERIOR_FEATURES.length);
    expect(rows[0][col('lppN')]).toBeCloseTo(1, 6); // (−1 − −2) / 1
    expect(rows[0][col('position')]).toBe(-1);
    expect(rows[1][col('position')]).toBe(0);
    expect(rows[2][col('position')]).toBe(1);
    expect(rows[1][col('prevLppN')]).toBeCloseTo(rows[0][col('lppN')], 6);
    // K and AE at twice their norm, T at its norm: tempo ln2 × 2/3, so T is short for this speaker.
    expect(rows[0][col('durRel')]).toBeCloseTo(Math.log(2) / 3, 6);
    expect(rows[2][col('durRel')]).toBeCloseTo((-2 * Math.log(2)) / 3, 6);
    expect(rows.reduce((a, r) => a + r[col('durRel')], 0)).toBeCloseTo(0, 6);
    expect(rows[0][col('lpr_K')]).toBe(0);
    expect(rows[0][col('lpr_AE')]).toBe(1);
  });
});

describe.skipIf(!MODEL_AVAILABLE)('posterior evidence on a committed dev recording', () => {
  let aligner: Aligner;
  let post: PhonePosteriors;
  let energy: number[];
  const pcm = readWav16k(join(FIXTURE_DIR, 'wav', '000010011.wav')); // "WE CALL IT BEAR", rated 2/2 on B
  const align = async (text: string): Promise<Alignment> => {
    const al = await aligner.align(pcm, text, { skipDetection: false });
    expect(al.ok).toBe(true);
    return al;
  };
  const phoneOf = (al: Alignment, word: number, phone: number) => {
    const before = al.words.slice(0, word).reduce((a, w) => a + w.phones.length, 0);
    return phoneEvidence(al, post, energy)[before + phone];
  };

  beforeAll(async () => {
    aligner = await createAligner();
    post = createPosteriorComputer(loadPtmModel()).compute(pcm.samples);
    energy = computeContours(pcm).energyDb;
  }, 60_000);
  afterAll(() => aligner?.dispose());

  it(needs(
    'give LPR 0 against the phone itself, a posterior GOP at or below every LPR',
    MODEL_AVAILABLE,
    MODEL,
  ), async () => {
    const al = await align('We call it bear');
    const ev = phoneEvidence(al, post, energy);
    expect(ev.map((e) => e.phone)).toEqual(['W', 'IY', 'K', 'AO', 'L', 'IH', 'T', 'B', 'EH', 'R']);
    for (const e of ev) {
      expect(e.lpr).toHaveLength(39);
      expect(e.lpr[LPR_PHONES.indexOf(e.phone)]).toBe(0);
      expect(e.gopPost).toBeLessThanOrEqual(Math.min(...e.lpr) + 1e-9);
      expect(e.lpp).toBeLessThanOrEqual(0);
      expect(e.frames).toBeGreaterThan(0);
      expect(e.energyDb).toBeLessThan(0);
    }
    // The frames match the aligner's own count (same 10 ms grid), give or take rounding.
    const aligned = al.words.flatMap((w) => w.phones);
    ev.forEach((e, i) => {
      expect(Math.abs(e.frames - (aligned[i].features.frames ?? 0))).toBeLessThanOrEqual(1);
    });
  }, 60_000);

  it(needs(
    'score a read phone above a substituted one at the same place',
    MODEL_AVAILABLE,
    MODEL,
  ), async () => {
    const right = await align('We call it bear');
    const wrong = await align('We call it shear');
    const b = phoneOf(right, 3, 0);
    const sh = phoneOf(wrong, 3, 0);
    expect(b.phone).toBe('B');
    expect(sh.phone).toBe('SH');
    expect(b.lpp).toBeGreaterThan(sh.lpp + 1);
    expect(b.gopPost).toBeGreaterThan(sh.gopPost + 1);
    // Against the substitute, the read phone wins on its own frames: LPR(B vs SH) > 0.
    expect(b.lpr[LPR_PHONES.indexOf('SH')]).toBeGreaterThan(0);
  }, 60_000);
});
