/**
 * Sphinxbase's noise removal in the mel-energy domain (`fe_noise.c`, `-remove_noise yes`, on by
 * default in PocketSphinx's decoder and in `sphinx_fe`): a smoothed power track, a lower envelope
 * as the noise estimate, a signal floor, temporal masking, and a gain per filter smoothed over ±4
 * neighbouring filters. The state runs over the whole recording, frame by frame, as the C code does.
 */

export interface NoiseConstants {
  lambdaPower: number;
  lambdaA: number;
  lambdaB: number;
  lambdaT: number;
  muT: number;
  maxGain: number;
  /** Lower bound of the noise-subtracted signal (1 in 5prealpha; 0 in older sphinxbase). */
  signalFloor: number;
  /** The noise track starts at the first frame's energy ÷ maxGain (5prealpha), not at it (older). */
  noiseStartsLow: boolean;
}

/**
 * Debian's sphinxbase 0.8+5prealpha, found by matching its `sphinx_fe` (bit-identical output); the
 * older constants (λa 0.999, μt 0.15, floor 0, noise track from the first frame) differ by up to
 * 15 in c0.
 */
export const SPHINXBASE_5PREALPHA: NoiseConstants = {
  lambdaPower: 0.7,
  lambdaA: 0.995,
  lambdaB: 0.5,
  lambdaT: 0.85,
  muT: 0.2,
  maxGain: 20,
  signalFloor: 1,
  noiseStartsLow: true,
};

const SMOOTH_WINDOW = 4;

export interface NoiseRemover {
  /** Forget the noise estimate (start of a new recording). */
  reset(): void;
  /** Rescales the mel energies of one frame in place. */
  apply(mfspec: Float64Array): void;
}

export function createNoiseRemover(nFilters: number, c: NoiseConstants = SPHINXBASE_5PREALPHA): NoiseRemover {
  const power = new Float64Array(nFilters);
  const noise = new Float64Array(nFilters);
  const floor = new Float64Array(nFilters);
  const peak = new Float64Array(nFilters);
  const signal = new Float64Array(nFilters);
  const gain = new Float64Array(nFilters);
  let undefinedState = true;

  const lowerEnvelope = (buf: Float64Array, env: Float64Array) => {
    for (let i = 0; i < nFilters; i++) {
      env[i] =
        buf[i] >= env[i]
          ? c.lambdaA * env[i] + (1 - c.lambdaA) * buf[i]
          : c.lambdaB * env[i] + (1 - c.lambdaB) * buf[i];
    }
  };

  return {
    reset() {
      undefinedState = true;
    },
    apply(mfspec) {
      if (undefinedState) {
        for (let i = 0; i < nFilters; i++) {
          power[i] = mfspec[i];
          noise[i] = c.noiseStartsLow ? mfspec[i] / c.maxGain : mfspec[i];
          floor[i] = mfspec[i] / c.maxGain;
          peak[i] = 0;
        }
        undefinedState = false;
      }
      for (let i = 0; i < nFilters; i++)
        power[i] = c.lambdaPower * power[i] + (1 - c.lambdaPower) * mfspec[i];
      lowerEnvelope(power, noise);
      for (let i = 0; i < nFilters; i++) {
        const s = power[i] - noise[i];
        signal[i] = s < c.signalFloor ? c.signalFloor : s;
      }
      lowerEnvelope(signal, floor);
      // Temporal masking.
      for (let i = 0; i < nFilters; i++) {
        const cur = signal[i];
        peak[i] *= c.lambdaT;
        if (signal[i] < c.lambdaT * peak[i]) signal[i] = peak[i] * c.muT;
        if (cur > peak[i]) peak[i] = cur;
      }
      for (let i = 0; i < nFilters; i++) {
        if (signal[i] < floor[i]) signal[i] = floor[i];
        let g = signal[i] < c.maxGain * power[i] ? signal[i] / power[i] : c.maxGain;
        if (g < 1 / c.maxGain) g = 1 / c.maxGain;
        gain[i] = g;
      }
      for (let i = 0; i < nFilters; i++) {
        const l1 = i - SMOOTH_WINDOW > 0 ? i - SMOOTH_WINDOW : 0;
        const l2 = i + SMOOTH_WINDOW < nFilters - 1 ? i + SMOOTH_WINDOW : nFilters - 1;
        let sum = 0;
        for (let j = l1; j <= l2; j++) sum += gain[j];
        mfspec[i] *= sum / (l2 - l1 + 1);
      }
    },
  };
}
