import { createPowerSpectrum } from './fft.ts';
import { createNoiseRemover, type NoiseConstants, SPHINXBASE_5PREALPHA } from './noise.ts';

/**
 * The MFCC front end of PocketSphinx (sphinxbase `fe_sigproc.c`, `fe_interface.c`), reproduced so
 * that its cepstra equal `sphinx_fe`'s for the same audio (tolerance in the README). Float32 is
 * used where sphinxbase stores float32 (`mfcc_t`: filter weights, DCT table, lifter, the cepstra
 * and their sums); everything else is float64 as in its float build.
 */
export interface FrontEndParams {
  sampleRate: number;
  /** Frames per second (`-frate`). */
  frameRate: number;
  /** Hamming window length in seconds (`-wlen`). */
  windowLength: number;
  nfft: number;
  /** Pre-emphasis (`-alpha`). */
  alpha: number;
  lowerf: number;
  upperf: number;
  nfilt: number;
  ncep: number;
  /** Sine lifter length (`-lifter`, 0 = none). */
  lifter: number;
  /** Spectral noise subtraction in the mel domain (`-remove_noise`). */
  removeNoise: boolean;
  noise?: NoiseConstants;
}

/**
 * The en-us model's `feat.params` (-lowerf 130 -upperf 6800 -nfilt 25 -transform dct -lifter 22)
 * over sphinxbase's defaults (16 kHz, 100 frames/s, 0.025625 s window, 512-point FFT, α 0.97,
 * 13 cepstra, no dither, noise removal on). `-transform dct` is the orthonormal DCT-II.
 */
export const EN_US_FRONT_END: FrontEndParams = {
  sampleRate: 16000,
  frameRate: 100,
  windowLength: 0.025625,
  nfft: 512,
  alpha: 0.97,
  lowerf: 130,
  upperf: 6800,
  nfilt: 25,
  ncep: 13,
  lifter: 22,
  removeNoise: true,
};

/** Cepstra of a recording, frame-major (`data[t * ncep + i]`). */
export interface Cepstra {
  nFrames: number;
  ncep: number;
  data: Float32Array;
}

const f32 = Math.fround;
const LOG_FLOOR = 1e-4;

interface MelFilter {
  /** First FFT bin. */
  start: number;
  weights: Float64Array;
}

/** `fe_build_melfilters`: triangles on the mel scale, edges rounded to FFT bins, unit area. */
function melFilters(p: FrontEndParams): MelFilter[] {
  const mel = (hz: number) => f32(2595 * Math.log10(1 + hz / 700));
  const melInv = (m: number) => f32(700 * (10 ** (m / 2595) - 1));
  const melMin = mel(f32(p.lowerf));
  const melMax = mel(f32(p.upperf));
  const melBw = f32((melMax - melMin) / (p.nfilt + 1));
  const fftFreq = f32(p.sampleRate / p.nfft);
  const filters: MelFilter[] = [];
  for (let i = 0; i < p.nfilt; i++) {
    const edge = [0, 1, 2].map((j) => {
      const hz = melInv(f32((i + j) * melBw + melMin));
      return f32(Math.trunc(hz / fftFreq + 0.5) * fftFreq);
    });
    let start = -1;
    let width = 0;
    for (let j = 0; j <= p.nfft / 2; j++) {
      const hz = j * fftFreq;
      if (hz < edge[0]) continue;
      if (hz > edge[2] || j === p.nfft / 2) {
        width = j - start;
        break;
      }
      if (start === -1) start = j;
    }
    const weights = new Float64Array(width);
    for (let j = 0; j < width; j++) {
      const hz = (start + j) * fftFreq;
      let lo = f32((hz - edge[0]) / (edge[1] - edge[0]));
      let hi = f32((edge[2] - hz) / (edge[2] - edge[1]));
      lo = f32(lo * f32(2 / (edge[2] - edge[0])));
      hi = f32(hi * f32(2 / (edge[2] - edge[0])));
      weights[j] = lo < hi ? lo : hi;
    }
    filters.push({ start, weights });
  }
  return filters;
}

export interface FrontEnd {
  readonly params: FrontEndParams;
  /** Samples per frame shift (160 at 16 kHz). */
  readonly frameShift: number;
  /**
   * Cepstra of `samples` (mono, `params.sampleRate`, full scale ±1 as decoded; multiplied by 32768
   * to sphinxbase's 16-bit scale). Frame t starts at sample t × frameShift; as in sphinxbase the
   * last frame is the zero-padded rest after the last full window.
   */
  cepstra(samples: Float32Array): Cepstra;
}

export function createFrontEnd(params: FrontEndParams = EN_US_FRONT_END): FrontEnd {
  const p = params;
  const shift = Math.trunc(p.sampleRate / p.frameRate + 0.5);
  const size = Math.trunc(p.windowLength * p.sampleRate + 0.5);
  if (size > p.nfft) throw new Error(`window of ${size} samples is longer than the FFT (${p.nfft})`);
  const alpha = f32(p.alpha);
  const hamming = new Float64Array(size);
  for (let i = 0; i < size / 2; i++) {
    const w = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (size - 1));
    hamming[i] = w;
    hamming[size - 1 - i] = w;
  }
  const filters = melFilters(p);
  const cosine = new Float64Array(p.ncep * p.nfilt);
  for (let i = 0; i < p.ncep; i++) {
    for (let j = 0; j < p.nfilt; j++)
      cosine[i * p.nfilt + j] = f32(Math.cos((Math.PI / p.nfilt) * i * (j + 0.5)));
  }
  const sqrtInvN = f32(Math.sqrt(1 / p.nfilt));
  const sqrtInv2N = f32(Math.sqrt(2 / p.nfilt));
  const lifter = new Float64Array(p.ncep).fill(1);
  if (p.lifter) {
    // sphinxbase divides the integer lifter length by 2 in integer arithmetic.
    const half = Math.trunc(p.lifter / 2);
    for (let i = 0; i < p.ncep; i++) lifter[i] = f32(1 + half * Math.sin((i * Math.PI) / p.lifter));
  }
  const spectrum = createPowerSpectrum(p.nfft);
  const frame = new Float64Array(p.nfft);
  const power = new Float64Array(p.nfft / 2 + 1);
  const mfspec = new Float64Array(p.nfilt);
  const noise = p.removeNoise ? createNoiseRemover(p.nfilt, p.noise ?? SPHINXBASE_5PREALPHA) : null;

  return {
    params,
    frameShift: shift,
    cepstra(samples) {
      const n = samples.length;
      // Full windows, then sphinxbase's end-of-utterance frame from whatever follows the last one.
      const nFrames = n === 0 ? 0 : n < size ? 1 : Math.floor((n - size) / shift) + 2;
      const data = new Float32Array(nFrames * p.ncep);
      noise?.reset();
      for (let t = 0; t < nFrames; t++) {
        const start = t * shift;
        const len = Math.min(size, n - start);
        let prior = start > 0 ? samples[start - 1] * 32768 : 0;
        for (let i = 0; i < len; i++) {
          const x = samples[start + i] * 32768;
          frame[i] = (x - prior * alpha) * hamming[i];
          prior = x;
        }
        frame.fill(0, len);
        spectrum.compute(frame, power);
        for (let m = 0; m < p.nfilt; m++) {
          const { start: s0, weights } = filters[m];
          let e = 0;
          for (let j = 0; j < weights.length; j++) e += power[s0 + j] * weights[j];
          mfspec[m] = e;
        }
        noise?.apply(mfspec);
        // sphinxbase 5prealpha floors the log with an added 1e-4 (`LOG_FLOOR`).
        for (let m = 0; m < p.nfilt; m++) mfspec[m] = Math.log(mfspec[m] + LOG_FLOOR);
        const out = t * p.ncep;
        // DCT-II; sphinxbase accumulates in float32 (`mfcc_t`).
        let c0 = 0;
        for (let j = 0; j < p.nfilt; j++) c0 = f32(c0 + mfspec[j]);
        data[out] = f32(f32(c0 * sqrtInvN) * lifter[0]);
        for (let i = 1; i < p.ncep; i++) {
          let c = 0;
          for (let j = 0; j < p.nfilt; j++) c = f32(c + mfspec[j] * cosine[i * p.nfilt + j]);
          data[out + i] = f32(f32(c * sqrtInv2N) * lifter[i]);
        }
      }
      return { nFrames, ncep: p.ncep, data };
    },
  };
}
