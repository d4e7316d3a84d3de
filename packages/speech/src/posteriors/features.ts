import type { Cepstra } from './frontend.ts';

/** Delta window of `1s_c_d_dd` (sphinxbase `FEAT_DCEP_WIN`). */
const DELTA_WIN = 2;
/** Frames needed on each side: the double delta reaches t ± 3. */
const PAD = DELTA_WIN + 1;

/** Features of a recording, frame-major (`data[t * dim + i]`); `dim` = 3 × ncep. */
export interface Features {
  nFrames: number;
  dim: number;
  data: Float32Array;
}

const f32 = Math.fround;

/**
 * PocketSphinx's `1s_c_d_dd` features with `-cmn batch -varnorm no -agc none` on a whole
 * utterance (sphinxbase `feat_s2mfc2feat_block_utt`):
 *
 * 1. batch CMN: the mean of each cepstral coefficient over all frames of the recording is
 *    subtracted (c0 included);
 * 2. the normalised first and last frames are repeated 3 times before and after the recording;
 * 3. per frame t: c[t], d[t] = c[t+2] − c[t−2], dd[t] = (c[t+3] − c[t−1]) − (c[t+1] − c[t−3]).
 *
 * sphinxbase does this in float32 (`mfcc_t`), and so does this function. The three 13-dim blocks
 * are the model's three streams (`-svspec 0-12/13-25/26-38`).
 */
export function computeFeatures(cep: Cepstra): Features {
  const { nFrames, ncep } = cep;
  const dim = 3 * ncep;
  const data = new Float32Array(nFrames * dim);
  if (nFrames === 0) return { nFrames, dim, data };
  const mean = new Float64Array(ncep);
  for (let t = 0; t < nFrames; t++) {
    for (let i = 0; i < ncep; i++) mean[i] = f32(mean[i] + cep.data[t * ncep + i]);
  }
  for (let i = 0; i < ncep; i++) mean[i] = f32(mean[i] / nFrames);
  // Normalised cepstra with PAD replicated frames at each end.
  const padded = new Float32Array((nFrames + 2 * PAD) * ncep);
  for (let t = 0; t < nFrames + 2 * PAD; t++) {
    const src = Math.min(nFrames - 1, Math.max(0, t - PAD));
    for (let i = 0; i < ncep; i++) padded[t * ncep + i] = cep.data[src * ncep + i] - mean[i];
  }
  for (let t = 0; t < nFrames; t++) {
    const at = (k: number) => (t + PAD + k) * ncep;
    const out = t * dim;
    for (let i = 0; i < ncep; i++) {
      data[out + i] = padded[at(0) + i];
      data[out + ncep + i] = padded[at(DELTA_WIN) + i] - padded[at(-DELTA_WIN) + i];
      const d1 = f32(padded[at(DELTA_WIN + 1) + i] - padded[at(-DELTA_WIN + 1) + i]);
      const d2 = f32(padded[at(DELTA_WIN - 1) + i] - padded[at(-DELTA_WIN - 1) + i]);
      data[out + 2 * ncep + i] = d1 - d2;
    }
  }
  return { nFrames, dim, data };
}
