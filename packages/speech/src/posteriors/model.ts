import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EN_US_FRONT_END, type FrontEndParams } from './frontend.ts';
import { readBinaryMdef, readS3Gaussians, readSendump } from './model-files.ts';

/** Debian's `pocketsphinx-en-us` acoustic model (16 kHz, phonetically tied mixtures). */
export const DEBIAN_EN_US_MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';

/** Dimensions per feature stream: c, Δc and ΔΔc of 13 cepstra (the scorer is unrolled for it). */
export const STREAM_LENGTH = 13;

/** PocketSphinx's default `-varfloor`: variances below it are raised to it. */
export const VARIANCE_FLOOR = 1e-4;

/** One stored mixture-weight unit in nats: 2¹⁰ × ln(1.0001) (`SENSCR_SHIFT`, log base 1.0001). */
export const MIXW_UNIT = 1024 * Math.log(1.0001);

/**
 * The context-independent part of a PTM model, ready for scoring: one codebook of Gaussians per
 * base phone and feature stream, and the mixture weights of the CI senones (the 3 emitting states
 * of every base phone). With `-model ptm` a senone's codebook is its base phone's.
 */
export interface PtmModel {
  dir: string;
  /** Base phones in the model's order (42 for en-us: 39 ARPAbet phones, SIL, +NSN+, +SPN+). */
  phones: string[];
  /** Silence and noise phones. */
  filler: boolean[];
  /** Emitting states per phone (3). */
  nStates: number;
  /** CI senones; `ciSenone[phone * nStates + state]` is an index into them. */
  nCiSenones: number;
  ciSenone: Int32Array;
  /** Codebook (base phone) of each CI senone. */
  senoneCodebook: Int32Array;
  nStreams: number;
  /** Dimensions per stream (13, 13, 13), contiguous in the feature vector in this order. */
  streamLength: number;
  nDensity: number;
  /**
   * Means and 1 / (2σ²) (after the variance floor) interleaved per dimension:
   * `gauss[2 * (((cb * nStreams + f) * nDensity + g) * streamLength + d)]` is the mean, `+ 1` the
   * half precision. One codebook-stream's 128 Gaussians (26 KB) stay in the L1 cache while scored.
   */
  gauss: Float64Array;
  /** −½ Σ log(2πσ²) per Gaussian: `logNorm[(cb * nStreams + f) * nDensity + g]`. */
  logNorm: Float64Array;
  /** Mixture weights of the CI senones as stored (dequantised): `weight[(f * nDensity + g) * nCiSenones + s]`. */
  weight: Float64Array;
  /** Front-end parameters from the model's `feat.params`. */
  frontEnd: FrontEndParams;
  /** Variances that were raised to the floor. */
  flooredVariances: number;
}

/** Parses `feat.params` and checks it describes what this module computes. */
export function parseFeatParams(text: string): FrontEndParams {
  const args = new Map<string, string>();
  const tokens = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i + 1 < tokens.length; i += 2) args.set(tokens[i], tokens[i + 1]);
  const expect = (name: string, value: string, fallback: string) => {
    const v = args.get(name) ?? fallback;
    if (v !== value) throw new Error(`feat.params: ${name} ${v} is not supported (only ${value})`);
  };
  expect('-feat', '1s_c_d_dd', '1s_c_d_dd');
  expect('-cmn', 'batch', 'batch');
  expect('-varnorm', 'no', 'no');
  expect('-agc', 'none', 'none');
  expect('-transform', 'dct', 'legacy');
  expect('-model', 'ptm', 'ptm');
  const svspec = args.get('-svspec');
  if (svspec && svspec !== '0-12/13-25/26-38')
    throw new Error(`feat.params: -svspec ${svspec} is not supported`);
  const num = (name: string, fallback: number) => (args.has(name) ? Number(args.get(name)) : fallback);
  const yes = (name: string, fallback: boolean) => (args.has(name) ? args.get(name) === 'yes' : fallback);
  if (yes('-dither', false)) throw new Error('feat.params: -dither yes is not supported');
  return {
    ...EN_US_FRONT_END,
    sampleRate: num('-samprate', 16000),
    frameRate: num('-frate', 100),
    windowLength: num('-wlen', 0.025625),
    nfft: num('-nfft', 512),
    alpha: num('-alpha', 0.97),
    lowerf: num('-lowerf', 133.33334),
    upperf: num('-upperf', 6855.4976),
    nfilt: num('-nfilt', 40),
    ncep: num('-ncep', 13),
    lifter: num('-lifter', 0),
    removeNoise: yes('-remove_noise', true),
  };
}

/**
 * Loads a PTM acoustic model's CI senones (≈ 50 ms of CPU for Debian's en-us model). Throws when the
 * files are missing or describe another kind of model.
 */
export function loadPtmModel(dir: string = DEBIAN_EN_US_MODEL): PtmModel {
  const file = (name: string) => {
    const path = join(dir, name);
    if (!existsSync(path)) throw new Error(`acoustic model file missing: ${path}`);
    return readFileSync(path);
  };
  const frontEnd = parseFeatParams(file('feat.params').toString('utf8'));
  const mdef = readBinaryMdef(file('mdef'));
  const means = readS3Gaussians(file('means'), 'means');
  const vars = readS3Gaussians(file('variances'), 'variances');
  const weights = readSendump(file('sendump'));
  const { nCodebooks, nStreams, nDensity, streamLengths } = means;
  const streamLength = streamLengths[0];
  if (nCodebooks !== mdef.phones.length)
    throw new Error('not a PTM model: one codebook per base phone expected');
  if (streamLengths.some((l) => l !== STREAM_LENGTH) || nStreams !== 3 || frontEnd.ncep !== STREAM_LENGTH)
    throw new Error(`unsupported streams ${streamLengths.join('/')}`);
  if (vars.values.length !== means.values.length) throw new Error('means and variances differ in size');
  if (weights.nSenones !== mdef.nSenones || weights.nDensity !== nDensity || weights.nStreams !== nStreams)
    throw new Error('sendump does not match mdef and means');

  const gauss = new Float64Array(2 * means.values.length);
  const logNorm = new Float64Array(nCodebooks * nStreams * nDensity);
  let flooredVariances = 0;
  for (let k = 0; k < logNorm.length; k++) {
    let norm = 0;
    for (let d = 0; d < streamLength; d++) {
      const i = k * streamLength + d;
      let v = vars.values[i];
      if (v < VARIANCE_FLOOR) {
        v = VARIANCE_FLOOR;
        flooredVariances += 1;
      }
      norm -= 0.5 * Math.log(2 * Math.PI * v);
      gauss[2 * i] = means.values[i];
      gauss[2 * i + 1] = 1 / (2 * v);
    }
    logNorm[k] = norm;
  }
  const nCi = mdef.nCiSenones;
  const senoneCodebook = new Int32Array(nCi).fill(-1);
  for (let p = 0; p < mdef.phones.length; p++) {
    for (let s = 0; s < mdef.nEmitStates; s++) {
      const sen = mdef.ciSenone[p * mdef.nEmitStates + s];
      if (sen >= nCi) throw new Error(`mdef: ${mdef.phones[p]} uses a context-dependent senone`);
      senoneCodebook[sen] = p;
    }
  }
  if (senoneCodebook.some((cb) => cb < 0)) throw new Error('mdef: a CI senone belongs to no base phone');
  const weight = new Float64Array(nStreams * nDensity * nCi);
  for (let f = 0; f < nStreams; f++) {
    for (let g = 0; g < nDensity; g++) {
      for (let s = 0; s < nCi; s++)
        weight[(f * nDensity + g) * nCi + s] = Math.exp(-weights.q(f, g, s) * MIXW_UNIT);
    }
  }
  return {
    dir,
    phones: mdef.phones,
    filler: mdef.filler,
    nStates: mdef.nEmitStates,
    nCiSenones: nCi,
    ciSenone: mdef.ciSenone,
    senoneCodebook,
    nStreams,
    streamLength,
    nDensity,
    gauss,
    logNorm,
    weight,
    frontEnd,
    flooredVariances,
  };
}
