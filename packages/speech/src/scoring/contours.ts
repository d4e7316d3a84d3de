import type { Pcm16k } from '../types.ts';

/** Energy and pitch every 10 ms (the aligner's frame rate), for fluency and prosody features. */
export interface Contours {
  /** Frame energy in dB relative to full scale. */
  energyDb: number[];
  /** Fundamental frequency in Hz, 0 where unvoiced. */
  f0: number[];
}

const HOP = 160;
const WIN = 480;
const MIN_LAG = 32; // 500 Hz
const MAX_LAG = 320; // 50 Hz

/**
 * A small autocorrelation pitch tracker (normalised cross-correlation, YIN-like threshold) and an
 * energy contour. Good enough for "how much does the voice move" features; not a phonetic tool.
 */
export function computeContours(pcm: Pcm16k): Contours {
  const x = pcm.samples;
  const nFrames = Math.max(0, Math.floor((x.length - WIN) / HOP) + 1);
  const energyDb: number[] = new Array(nFrames);
  const f0: number[] = new Array(nFrames).fill(0);
  let peak = -200;
  for (let i = 0; i < nFrames; i++) {
    let e = 0;
    const o = i * HOP;
    for (let j = 0; j < WIN; j++) e += x[o + j] * x[o + j];
    energyDb[i] = Math.round(10 * Math.log10(e / WIN + 1e-12) * 10) / 10;
    if (energyDb[i] > peak) peak = energyDb[i];
  }
  for (let i = 0; i < nFrames; i++) {
    // Only frames within 35 dB of the loudest can be voiced speech; skip the rest (and save time).
    if (energyDb[i] < peak - 35) continue;
    const o = i * HOP;
    const len = WIN - MAX_LAG;
    let e0 = 0;
    for (let j = 0; j < len; j++) e0 += x[o + j] * x[o + j];
    let best = 0;
    let bestLag = 0;
    // Energy of the lagged window, slid one sample per lag instead of summed afresh.
    let e1 = 0;
    for (let j = 0; j < len; j++) e1 += x[o + MIN_LAG + j] * x[o + MIN_LAG + j];
    for (let lag = MIN_LAG; lag <= MAX_LAG; lag++) {
      if (lag > MIN_LAG) {
        const out = x[o + lag - 1];
        const inn = x[o + lag - 1 + len];
        e1 += inn * inn - out * out;
      }
      // Four running sums (len is a multiple of 4) keep the additions independent: twice as fast.
      let c0 = 0;
      let c1 = 0;
      let c2 = 0;
      let c3 = 0;
      for (let j = o, k = o + lag; j < o + len; j += 4, k += 4) {
        c0 += x[j] * x[k];
        c1 += x[j + 1] * x[k + 1];
        c2 += x[j + 2] * x[k + 2];
        c3 += x[j + 3] * x[k + 3];
      }
      const c = c0 + c1 + c2 + c3;
      const r = c / Math.sqrt(e0 * Math.max(0, e1) + 1e-12);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6 && bestLag > 0) f0[i] = Math.round(16000 / bestLag);
  }
  return { energyDb, f0 };
}
