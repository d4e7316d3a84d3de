import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readWav16k } from '../../calibration/dataset.ts';
import { computeFeatures } from './features.ts';
import { createFrontEnd } from './frontend.ts';
import { loadPtmModel, MIXW_UNIT, type PtmModel, parseFeatParams } from './model.ts';
import {
  MODEL_AVAILABLE,
  needs,
  POCKETSPHINX_AVAILABLE,
  pocketsphinxSenones,
} from './posteriors.test-helper.ts';
import { scoreSenones } from './senones.ts';

const WAV = join(FIXTURE_DIR, 'wav', '010270306.wav');

/** The textbook computation: every Gaussian, sorted, the best n mixed with the senone's weights. */
function referenceSenone(model: PtmModel, x: Float32Array, s: number, n: number): number {
  const { nStreams, nDensity, streamLength: len, gauss, logNorm, weight, nCiSenones } = model;
  const cb = model.senoneCodebook[s];
  let total = 0;
  for (let f = 0; f < nStreams; f++) {
    const dens: [number, number][] = [];
    for (let g = 0; g < nDensity; g++) {
      const k = (cb * nStreams + f) * nDensity + g;
      let d = logNorm[k];
      for (let i = 0; i < len; i++) {
        const diff = x[f * len + i] - gauss[2 * (k * len + i)];
        d -= diff * diff * gauss[2 * (k * len + i) + 1];
      }
      dens.push([g, d]);
    }
    dens.sort((a, b) => b[1] - a[1]);
    let sum = 0;
    for (const [g, d] of dens.slice(0, n)) sum += weight[(f * nDensity + g) * nCiSenones + s] * Math.exp(d);
    total += Math.log(sum);
  }
  return total;
}

describe('feat.params', () => {
  it("reads the model's front-end settings and refuses what is not implemented", () => {
    const p = parseFeatParams(
      '-lowerf 130\n-upperf 6800\n-nfilt 25\n-transform dct\n-lifter 22\n-feat 1s_c_d_dd\n',
    );
    expect([p.lowerf, p.upperf, p.nfilt, p.lifter, p.sampleRate, p.removeNoise]).toEqual([
      130,
      6800,
      25,
      22,
      16000,
      true,
    ]);
    expect(() => parseFeatParams('-transform dct -feat s2_4x')).toThrow(/-feat s2_4x/);
    expect(() => parseFeatParams('-transform dct -cmn live')).toThrow(/-cmn live/);
    expect(() => parseFeatParams('-lowerf 130')).toThrow(/-transform legacy/);
  });
});

describe.skipIf(!MODEL_AVAILABLE)('CI senone scores', () => {
  const model = MODEL_AVAILABLE ? loadPtmModel() : (undefined as unknown as PtmModel);
  const feats = MODEL_AVAILABLE
    ? computeFeatures(createFrontEnd(model.frontEnd).cepstra(readWav16k(WAV).samples))
    : undefined;

  it(
    needs(
      "loads Debian's en-us model: 42 base phones, 3 CI senones each, first in mdef",
      MODEL_AVAILABLE,
      'pocketsphinx-en-us',
    ),
    () => {
      expect(model.phones).toHaveLength(42);
      expect(model.phones.slice(0, 3)).toEqual(['+NSN+', '+SPN+', 'AA']);
      expect(model.phones.filter((_, p) => model.filler[p])).toEqual(['+NSN+', '+SPN+', 'SIL']);
      expect(model.nCiSenones).toBe(126);
      expect(Array.from(model.ciSenone)).toEqual(Array.from({ length: 126 }, (_, i) => i));
      expect([model.nStreams, model.streamLength, model.nDensity]).toEqual([3, 13, 128]);
      // Quantised weights of a senone and stream add up to a little under 1 (≈ 0.95).
      let sum = 0;
      for (let g = 0; g < 128; g++) sum += model.weight[g * 126 + 60];
      expect(sum).toBeGreaterThan(0.9);
      expect(sum).toBeLessThanOrEqual(1);
      expect(model.flooredVariances).toBe(222);
    },
  );

  it(
    needs(
      'keep exactly the 4 best Gaussians of each codebook, as a full sort does',
      MODEL_AVAILABLE,
      'pocketsphinx-en-us',
    ),
    () => {
      const f = feats!;
      const out = new Float32Array(f.nFrames * 126);
      scoreSenones(model, f, out);
      for (const t of [0, 1, 57, 200, f.nFrames - 1]) {
        const x = f.data.subarray(t * 39, (t + 1) * 39);
        for (let s = 0; s < 126; s += 5)
          expect(out[t * 126 + s]).toBeCloseTo(referenceSenone(model, x, s, 4), 3);
      }
      const exact = new Float32Array(f.nFrames * 126);
      scoreSenones(
        model,
        { ...f, nFrames: 40, data: f.data.subarray(0, 40 * 39) },
        exact.subarray(0, 40 * 126),
        {
          topN: 128,
        },
      );
      expect(exact[10 * 126 + 7]).toBeCloseTo(referenceSenone(model, f.data.subarray(390, 429), 7, 128), 3);
    },
  );

  it.skipIf(!POCKETSPHINX_AVAILABLE)(
    needs(
      "agree with PocketSphinx's own senone scores (pocketsphinx_batch -senlogdir)",
      POCKETSPHINX_AVAILABLE,
      'pocketsphinx',
    ),
    () => {
      const f = feats!;
      const ours = new Float32Array(f.nFrames * 126);
      scoreSenones(model, f, ours, { floor: true });
      const ps = pocketsphinxSenones(WAV, 126, MIXW_UNIT);
      expect(ps).toHaveLength(f.nFrames);
      const diffs: number[] = [];
      let sameBest = 0;
      for (let t = 0; t < f.nFrames; t++) {
        const o = ours.subarray(t * 126, (t + 1) * 126);
        let bp = 0;
        let bo = 0;
        for (let s = 1; s < 126; s++) {
          if (ps[t][s] > ps[t][bp]) bp = s;
          if (o[s] > o[bo]) bo = s;
        }
        if (bp === bo) sameBest += 1;
        // Both relative to the senone PocketSphinx scored best in the frame.
        for (let s = 0; s < 126; s++) diffs.push(Math.abs(o[s] - o[bp] - (ps[t][s] - ps[t][bp])));
      }
      diffs.sort((a, b) => a - b);
      // PocketSphinx rounds every Gaussian to 0.1 nat and log-adds through an 8-bit table.
      expect(diffs[Math.floor(diffs.length / 2)]).toBeLessThan(0.15);
      expect(diffs[Math.floor(diffs.length * 0.95)]).toBeLessThan(0.5);
      expect(sameBest / f.nFrames).toBeGreaterThan(0.9);
    },
    60_000,
  );
});
