/** Peak of the added uniform noise: RMS ≈ 0.00097 / √3 ≈ −65 dBFS. */
const NOISE_PEAK = 0.00097;

/**
 * Adds very quiet white noise. Runs of exact-zero samples (digital silence from TTS and some
 * browsers) make the decoder's alignment fail; −65 dBFS noise fixes that and is far below any
 * recording's own noise floor. The generator is seeded identically on every call, so the same input
 * always gives the same output.
 */
export function addNoise(samples: Float32Array, seed = 0x2545f491): Float32Array {
  const out = new Float32Array(samples.length);
  let state = seed >>> 0;
  for (let i = 0; i < samples.length; i++) {
    // xorshift32: fast, and deterministic across platforms.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    out[i] = samples[i] + (state / 4294967296 - 0.5) * 2 * NOISE_PEAK;
  }
  return out;
}
