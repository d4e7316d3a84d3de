/**
 * Power spectrum of a real frame: an in-place radix-2 complex FFT with precomputed bit reversal and
 * twiddles, written once per size and reused for every frame (no allocation per frame).
 */
export interface PowerSpectrum {
  /** FFT size (a power of two). */
  readonly size: number;
  /**
   * |X[k]|² for k = 0…size/2 of the real signal in `frame` (length `size`, zero-padded by the
   * caller), written to `out` (length size/2 + 1).
   */
  compute(frame: Float64Array, out: Float64Array): void;
}

export function createPowerSpectrum(size: number): PowerSpectrum {
  if (size < 2 || (size & (size - 1)) !== 0) throw new Error(`FFT size must be a power of two: ${size}`);
  const bits = Math.log2(size);
  const reverse = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reverse[i] = r;
  }
  const cos = new Float64Array(size / 2);
  const sin = new Float64Array(size / 2);
  for (let i = 0; i < size / 2; i++) {
    cos[i] = Math.cos((2 * Math.PI * i) / size);
    sin[i] = -Math.sin((2 * Math.PI * i) / size);
  }
  const re = new Float64Array(size);
  const im = new Float64Array(size);

  return {
    size,
    compute(frame, out) {
      for (let i = 0; i < size; i++) {
        re[reverse[i]] = frame[i];
        im[i] = 0;
      }
      for (let half = 1; half < size; half <<= 1) {
        const step = size / (half * 2);
        for (let start = 0; start < size; start += half * 2) {
          for (let k = 0; k < half; k++) {
            const wr = cos[k * step];
            const wi = sin[k * step];
            const a = start + k;
            const b = a + half;
            const tr = re[b] * wr - im[b] * wi;
            const ti = re[b] * wi + im[b] * wr;
            re[b] = re[a] - tr;
            im[b] = im[a] - ti;
            re[a] += tr;
            im[a] += ti;
          }
        }
      }
      for (let k = 0; k <= size / 2; k++) out[k] = re[k] * re[k] + im[k] * im[k];
    },
  };
}
