import { addNoise } from '../align/noise.ts';
import { readFrames } from './aligned-frames.ts';
import { computeFeatures } from './features.ts';
import { createFrontEnd, type FrontEnd } from './frontend.ts';
import { loadPtmModel, type PtmModel } from './model.ts';
import { type SenoneOptions, scoreSenones } from './senones.ts';

/**
 * Frame-level phone scores of one recording, frame-major: `x[t * nPhones + p]`. Frame t covers
 * samples [160t, 160t + 410) at 16 kHz, i.e. it starts at t / 100 s, the aligner's frame grid.
 */
export interface PhonePosteriors {
  /** The model's base phones, in its order (`phones[p]`). */
  phones: readonly string[];
  nFrames: number;
  /** Frames per second (100). */
  frameRate: number;
  /**
   * Frames that were scored, when the computation was limited to some segments (`compute`'s
   * `segments`); every other frame's values are NaN. Absent: all frames were scored.
   */
  scored?: Uint8Array;
  /** Log-likelihood (nats) of every CI senone: `senoneLogLik[t * nCiSenones + s]`. */
  senoneLogLik: Float32Array;
  nCiSenones: number;
  /** Per phone, the log-likelihood of its best emitting state (max over its 3 CI senones). */
  logLik: Float32Array;
  /** log P(phone | frame): `logLik` normalised over all phones of the model (uniform prior). */
  logPost: Float32Array;
}

export interface PosteriorOptions extends SenoneOptions {
  /**
   * Add the aligner's white noise at −65 dBFS (`addNoise`, fixed seed) before the front end, as
   * the aligner does before decoding (default true). Without it, digital silence (exact zeros
   * from TTS and some browsers) becomes a feature vector unlike anything the model was trained
   * on and scores as ZH rather than SIL; with it, the posteriors describe the same signal the
   * aligner's segments were found on.
   */
  addNoise?: boolean;
}

/**
 * Posteriors for one model, reusable across recordings (the front end keeps its filters, window
 * and buffers), so a server creates it once next to the model. Synchronous: one call at a time.
 */
export interface PosteriorComputer {
  readonly model: PtmModel;
  /**
   * `segments` (seconds) limits the scoring to the frames evidence is read from over them
   * (`readFrames`): a reading needs its aligned phones only, not the silences around them.
   */
  compute(samples16k: Float32Array, segments?: readonly { start: number; end: number }[]): PhonePosteriors;
}

export function createPosteriorComputer(model: PtmModel, options: PosteriorOptions = {}): PosteriorComputer {
  if (model.frontEnd.sampleRate !== 16000)
    throw new Error(`the model expects ${model.frontEnd.sampleRate} Hz`);
  const frontEnd: FrontEnd = createFrontEnd(model.frontEnd);
  const dither = options.addNoise ?? true;
  const nPhones = model.phones.length;
  const { nStates, nCiSenones, ciSenone } = model;
  const phoneLl = new Float64Array(nPhones);

  return {
    model,
    compute(samples16k, segments) {
      const feats = computeFeatures(frontEnd.cepstra(dither ? addNoise(samples16k) : samples16k));
      const nFrames = feats.nFrames;
      const grid = { nFrames, frameRate: model.frontEnd.frameRate };
      let scored: Uint8Array | undefined;
      if (segments) {
        scored = new Uint8Array(nFrames);
        for (const seg of segments) {
          const [first, last] = readFrames(grid, seg.start, seg.end);
          scored.fill(1, first, last);
        }
      }
      const senoneLogLik = new Float32Array(nFrames * nCiSenones);
      const logLik = new Float32Array(nFrames * nPhones);
      const logPost = new Float32Array(nFrames * nPhones);
      scoreSenones(model, feats, senoneLogLik, { ...options, frames: scored });
      for (let t = 0; t < nFrames; t++) {
        if (scored && !scored[t]) {
          logLik.fill(Number.NaN, t * nPhones, (t + 1) * nPhones);
          logPost.fill(Number.NaN, t * nPhones, (t + 1) * nPhones);
          continue;
        }
        const senones = senoneLogLik.subarray(t * nCiSenones, (t + 1) * nCiSenones);
        let best = Number.NEGATIVE_INFINITY;
        for (let p = 0; p < nPhones; p++) {
          let ll = Number.NEGATIVE_INFINITY;
          for (let s = 0; s < nStates; s++) {
            const v = senones[ciSenone[p * nStates + s]];
            if (v > ll) ll = v;
          }
          phoneLl[p] = ll;
          if (ll > best) best = ll;
        }
        let sum = 0;
        for (let p = 0; p < nPhones; p++) sum += Math.exp(phoneLl[p] - best);
        const logZ = best + Math.log(sum);
        for (let p = 0; p < nPhones; p++) {
          logLik[t * nPhones + p] = phoneLl[p];
          logPost[t * nPhones + p] = phoneLl[p] - logZ;
        }
      }
      return {
        phones: model.phones,
        ...grid,
        scored,
        senoneLogLik,
        nCiSenones,
        logLik,
        logPost,
      };
    },
  };
}

/**
 * Frame-level phone posteriors of a 16 kHz mono recording (samples in ±1). For many recordings,
 * create one `createPosteriorComputer(model)` and reuse it.
 */
export function phonePosteriors(
  samples16k: Float32Array,
  model: PtmModel,
  options: PosteriorOptions = {},
): PhonePosteriors {
  return createPosteriorComputer(model, options).compute(samples16k);
}

/** The k phones with the highest posterior in frame t, best first. */
export function topPhones(post: PhonePosteriors, t: number, k = 3): { phone: string; logPost: number }[] {
  const n = post.phones.length;
  const order = Array.from({ length: n }, (_, p) => p).sort(
    (a, b) => post.logPost[t * n + b] - post.logPost[t * n + a],
  );
  return order.slice(0, k).map((p) => ({ phone: post.phones[p], logPost: post.logPost[t * n + p] }));
}

let shared: PosteriorComputer | undefined;

/**
 * The process's computer for Debian's en-us model, created on first use (≈ 10 MB of model) and
 * shared by the reading scorer and the delivery of unscripted speech (calls are synchronous).
 */
export function sharedPosteriorComputer(): PosteriorComputer {
  shared ??= createPosteriorComputer(loadPtmModel());
  return shared;
}
