import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readWav16k } from '../../calibration/dataset.ts';
import { computeFeatures } from './features.ts';
import { createFrontEnd, EN_US_FRONT_END } from './frontend.ts';
import {
  FIXTURES,
  needs,
  readMfc,
  SPHINX_FE_AVAILABLE,
  SPHINX_FE_DIR,
  sphinxFe,
} from './posteriors.test-helper.ts';

/**
 * Largest difference allowed between a cepstral coefficient and sphinx_fe's (c0 is 30–40 in
 * speech). Measured: 0 — bit-identical float32 — on every recording tried (README).
 */
const TOLERANCE = 1e-4;

function maxDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

const withNoiseRemoval = createFrontEnd(EN_US_FRONT_END);
const withoutNoiseRemoval = createFrontEnd({ ...EN_US_FRONT_END, removeNoise: false });
const devWav = join(FIXTURE_DIR, 'wav', '000010011.wav');
const flitePaused = join(FIXTURES, 'flite-paused.wav');

describe('MFCC front end against sphinx_fe (committed reference cepstra)', () => {
  it("equals sphinx_fe's cepstra of a dev-set recording, with and without noise removal", () => {
    const samples = readWav16k(devWav).samples;
    const on = withNoiseRemoval.cepstra(samples);
    const off = withoutNoiseRemoval.cepstra(samples);
    expect(on.nFrames).toBe(257);
    expect(maxDiff(on.data, readMfc(join(SPHINX_FE_DIR, '000010011.mfc')))).toBeLessThanOrEqual(TOLERANCE);
    expect(
      maxDiff(off.data, readMfc(join(SPHINX_FE_DIR, '000010011.no-noise-removal.mfc'))),
    ).toBeLessThanOrEqual(TOLERANCE);
  });

  it("equals sphinx_fe's cepstra through digital silence (flite with spliced silences)", () => {
    const cep = withNoiseRemoval.cepstra(readWav16k(flitePaused).samples);
    expect(maxDiff(cep.data, readMfc(join(SPHINX_FE_DIR, 'flite-paused.mfc')))).toBeLessThanOrEqual(
      TOLERANCE,
    );
  });

  it('frames start every 160 samples; the rest after the last full window makes one more frame', () => {
    const fe = createFrontEnd();
    expect(fe.frameShift).toBe(160);
    expect(fe.cepstra(new Float32Array(0)).nFrames).toBe(0);
    expect(fe.cepstra(new Float32Array(100)).nFrames).toBe(1);
    // 410-sample window: 1 full frame + the rest; 570 samples = 2 full frames + the rest.
    expect(fe.cepstra(new Float32Array(410)).nFrames).toBe(2);
    expect(fe.cepstra(new Float32Array(570)).nFrames).toBe(3);
    expect(fe.cepstra(new Float32Array(16000)).nFrames).toBe(99);
  });
});

describe('features (1s_c_d_dd, batch CMN)', () => {
  it('subtracts the mean, then takes ±2-frame deltas and double deltas over edge-replicated frames', () => {
    // One coefficient rising by 1 a frame (t = 0…9), the others constant.
    const nFrames = 10;
    const data = new Float32Array(nFrames * 13);
    for (let t = 0; t < nFrames; t++) {
      data[t * 13] = t;
      data[t * 13 + 5] = 7;
    }
    const f = computeFeatures({ nFrames, ncep: 13, data });
    expect(f.dim).toBe(39);
    const at = (t: number, i: number) => f.data[t * 39 + i];
    expect(at(0, 0)).toBeCloseTo(-4.5);
    expect(at(9, 0)).toBeCloseTo(4.5);
    expect(at(4, 5)).toBe(0); // a constant coefficient is all mean
    // Δ: c[t+2] − c[t−2], with c[−1] = c[−2] = c[0] and c[10] = c[11] = c[9].
    expect([0, 1, 2, 5, 8, 9].map((t) => at(t, 13))).toEqual([2, 3, 4, 4, 3, 2]);
    // ΔΔ: (c[t+3] − c[t−1]) − (c[t+1] − c[t−3]): 0 inside the ramp, bent at the edges.
    expect([0, 1, 2, 3, 5, 6, 7, 8, 9].map((t) => at(t, 26))).toEqual([2, 2, 1, 0, 0, 0, -1, -2, -2]);
  });
});

describe.skipIf(!SPHINX_FE_AVAILABLE)('MFCC front end against sphinx_fe run now', () => {
  it(
    needs(
      'the committed reference cepstra are what sphinx_fe writes today',
      SPHINX_FE_AVAILABLE,
      'sphinx_fe',
    ),
    () => {
      expect(maxDiff(sphinxFe(devWav), readMfc(join(SPHINX_FE_DIR, '000010011.mfc')))).toBe(0);
      expect(
        maxDiff(sphinxFe(devWav, false), readMfc(join(SPHINX_FE_DIR, '000010011.no-noise-removal.mfc'))),
      ).toBe(0);
      expect(maxDiff(sphinxFe(flitePaused), readMfc(join(SPHINX_FE_DIR, 'flite-paused.mfc')))).toBe(0);
      // The folder holds nothing this test does not check.
      expect(readdirSync(SPHINX_FE_DIR).filter((f) => f.endsWith('.mfc'))).toHaveLength(3);
      expect(readFileSync(join(SPHINX_FE_DIR, 'README.md'), 'utf8')).toContain('sphinx_fe');
    },
  );

  it(needs(
    "equals sphinx_fe's cepstra on every 16 kHz fixture, both noise settings",
    SPHINX_FE_AVAILABLE,
    'sphinx_fe',
  ), () => {
    const wavs = [
      ...readdirSync(FIXTURES)
        .filter((f) => f.endsWith('.wav'))
        .map((f) => join(FIXTURES, f)),
      ...readdirSync(join(FIXTURE_DIR, 'wav')).map((f) => join(FIXTURE_DIR, 'wav', f)),
    ];
    expect(wavs.length).toBeGreaterThanOrEqual(15);
    for (const wav of wavs) {
      const samples = readWav16k(wav).samples;
      expect(maxDiff(withNoiseRemoval.cepstra(samples).data, sphinxFe(wav)), wav).toBeLessThanOrEqual(
        TOLERANCE,
      );
      expect(
        maxDiff(withoutNoiseRemoval.cepstra(samples).data, sphinxFe(wav, false)),
        wav,
      ).toBeLessThanOrEqual(TOLERANCE);
    }
  }, 60_000);
});
