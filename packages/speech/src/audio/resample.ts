/**
 * Band-limited sample-rate conversion: a polyphase windowed-sinc (Kaiser) filter.
 *
 * Browsers record at 44.1 or 48 kHz; the acoustic models want 16 kHz. Dropping samples would fold
 * everything above 8 kHz back into the speech band (fricatives alias into vowels), so the filter's
 * cut-off sits just below the lower of the two Nyquist frequencies.
 */

const HALF_TAPS = 24; // zero crossings each side at the output rate: ~80 dB stop band with beta 8
const KAISER_BETA = 8;
const CUTOFF = 0.9; // fraction of the lower Nyquist kept, so the stop band starts at ~8 kHz for 16 kHz output

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Kernel value at a distance `t` (in input samples) from the output instant. */
function kernel(t: number, fc: number, halfWidth: number, i0Beta: number): number {
  if (Math.abs(t) >= halfWidth) return 0;
  const x = Math.PI * fc * t;
  const sinc = t === 0 ? 1 : Math.sin(x) / x;
  const r = t / halfWidth;
  const window = besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / i0Beta;
  return fc * sinc * window;
}

/**
 * Resample `input` from `fromRate` to `toRate`. Rational ratios with a small numerator (44.1→16 kHz
 * is 160/441) use a precomputed table per output phase, so the cost is one dot product per output
 * sample.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input.slice();
  const g = gcd(fromRate, toRate);
  const up = toRate / g; // output phases
  const down = fromRate / g;
  const ratio = toRate / fromRate;
  // Cut-off relative to the input rate: below the output Nyquist when decimating.
  const fc = Math.min(1, ratio) * CUTOFF;
  const halfWidth = Math.ceil(HALF_TAPS / Math.min(1, ratio));
  const taps = 2 * halfWidth;
  const outLength = Math.floor((input.length * up) / down);
  const out = new Float32Array(outLength);
  const i0Beta = besselI0(KAISER_BETA);

  if (up > 4096) return resampleDirect(input, ratio, fc, halfWidth, i0Beta, outLength);

  // Output sample n sits at input position n·down/up = base + phase/up.
  const table = new Float32Array(up * taps);
  for (let p = 0; p < up; p++) {
    const frac = p / up;
    for (let k = 0; k < taps; k++) {
      const offset = k - halfWidth + 1; // input index relative to base
      table[p * taps + k] = kernel(offset - frac, fc, halfWidth, i0Beta);
    }
  }
  for (let n = 0; n < outLength; n++) {
    const pos = n * down;
    const base = Math.floor(pos / up);
    const phase = pos - base * up;
    const row = phase * taps;
    const first = base - halfWidth + 1;
    let acc = 0;
    if (first >= 0 && first + taps <= input.length) {
      for (let k = 0; k < taps; k++) acc += table[row + k] * input[first + k];
    } else {
      for (let k = 0; k < taps; k++) {
        const i = first + k;
        if (i >= 0 && i < input.length) acc += table[row + k] * input[i];
      }
    }
    out[n] = acc;
  }
  return out;
}

/** Fallback for awkward rates (e.g. 22 050 → 16 000 is fine, but 44 056 Hz is not). */
function resampleDirect(
  input: Float32Array,
  ratio: number,
  fc: number,
  halfWidth: number,
  i0Beta: number,
  outLength: number,
): Float32Array {
  const out = new Float32Array(outLength);
  for (let n = 0; n < outLength; n++) {
    const pos = n / ratio;
    const base = Math.floor(pos);
    let acc = 0;
    for (let i = base - halfWidth + 1; i <= base + halfWidth; i++) {
      if (i >= 0 && i < input.length) acc += kernel(i - pos, fc, halfWidth, i0Beta) * input[i];
    }
    out[n] = acc;
  }
  return out;
}
