/**
 * The sequence phone scorer (issue 25): a GOPT-style transformer over one reading's phones (Gong et
 * al. 2022), trained with PyTorch by calibration/seq-train.py and run here from its exported
 * weights. It reads the same rows as the phone trees (`posteriorPhoneRows`), so each phone is scored
 * with the whole reading in view. `predict` averages it with the trees (packages/speech/README.md
 * has the figures; docs/decisions/025 the reasons).
 *
 * This must compute exactly what `Gopt.forward` (calibration/seq_model.py) computes in eval mode;
 * test/phone-sequence.test.ts checks it against torch's outputs.
 */
import { ARPABET_PHONES } from '@agaton/contracts';
import type { Alignment } from '../types.ts';

/** A row-major matrix as torch stores a Linear's weight: `shape` is [out, in]. */
export interface Matrix {
  shape: [number, number];
  data: number[];
}

interface Norm {
  weight: number[];
  bias: number[];
}

interface SequenceBlock {
  norm1: Norm;
  /** Query, key and value projections stacked ([3d, d]). */
  inProj: Matrix;
  inBias: number[];
  outProj: Matrix;
  outBias: number[];
  norm2: Norm;
  fc1: Matrix;
  fc1Bias: number[];
  fc2: Matrix;
  fc2Bias: number[];
}

export interface SequencePhoneModel {
  /** Width of the model. */
  d: number;
  /** Which columns of the phone rows it reads, standardised by `mean`/`std` and clipped to ±`clip`. */
  columns: number[];
  mean: number[];
  std: number[];
  clip: number;
  proj: Matrix;
  projBias: number[];
  /** One embedding per phone of `ARPABET_PHONES`, in that order. */
  phone: Matrix;
  /** Learnt position embeddings: readings with more phones than rows here are not scored by it. */
  pos: Matrix;
  blocks: SequenceBlock[];
  headNorm: Norm;
  head: number[];
  headBias: number;
  trainedOn: { recordings: number; speakers: number; fingerprint: string };
  fit: {
    config: string;
    epochs: number;
    seed: number;
    inSamplePcc: number;
    innerCurve: Record<string, number>;
  };
}

const LAYER_NORM_EPS = 1e-5;

const ARPABET_INDEX = new Map<string, number>(ARPABET_PHONES.map((p, i) => [p, i]));
/** The phone ids the model reads: each aligned phone's index in `ARPABET_PHONES` (−1 outside it). */
export const arpabetIds = (al: Pick<Alignment, 'words'>): number[] =>
  al.words.flatMap((w) => w.phones.map((p) => ARPABET_INDEX.get(p.phone) ?? -1));

/** y = W x + b for a torch Linear. */
function linear(m: Matrix, b: readonly number[] | null, x: Float64Array): Float64Array {
  const [out, inp] = m.shape;
  const y = new Float64Array(out);
  for (let o = 0; o < out; o++) {
    let s = b ? b[o] : 0;
    const off = o * inp;
    for (let i = 0; i < inp; i++) s += m.data[off + i] * x[i];
    y[o] = s;
  }
  return y;
}

function layerNorm(n: Norm, x: Float64Array): Float64Array {
  let mean = 0;
  for (const v of x) mean += v;
  mean /= x.length;
  let variance = 0;
  for (const v of x) variance += (v - mean) ** 2;
  variance /= x.length;
  const inv = 1 / Math.sqrt(variance + LAYER_NORM_EPS);
  return x.map((v, i) => (v - mean) * inv * n.weight[i] + n.bias[i]);
}

/** erf to about 1e-7 (Numerical Recipes' erfc by Chebyshev fit). */
function erf(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc : erfc - 1;
}

/** torch's exact GELU. */
const gelu = (x: number) => 0.5 * x * (1 + erf(x / Math.SQRT2));

/**
 * Raw phone accuracy (the experts' 0–2 scale, unclamped) per phone of one reading, or null when the
 * model cannot score it (no phones, or a phone outside its inventory). A reading with more phones
 * than the model has positions (the longest sentence it was trained on) is scored in equal chunks
 * that fit, each seen as a sentence of its own.
 */
export function predictSequence(
  model: SequencePhoneModel,
  rows: readonly (readonly number[])[],
  phoneIds: readonly number[],
): number[] | null {
  const L = rows.length;
  const phones = model.phone.shape[0];
  if (L === 0 || rows.length !== phoneIds.length || phoneIds.some((p) => p < 0 || p >= phones)) return null;
  const size = Math.ceil(L / Math.ceil(L / model.pos.shape[0]));
  const out: number[] = [];
  for (let a = 0; a < L; a += size)
    out.push(...forward(model, rows.slice(a, a + size), phoneIds.slice(a, a + size)));
  return out;
}

/** `Gopt.forward` in eval mode on one sentence of at most `pos.shape[0]` phones. */
function forward(
  model: SequencePhoneModel,
  rows: readonly (readonly number[])[],
  phoneIds: readonly number[],
): number[] {
  const d = model.d;
  let h = rows.map((r, t) => {
    const x = new Float64Array(model.columns.length);
    model.columns.forEach((c, j) => {
      const z = (r[c] - model.mean[j]) / model.std[j];
      x[j] = Math.min(model.clip, Math.max(-model.clip, z));
    });
    const e = linear(model.proj, model.projBias, x);
    for (let k = 0; k < d; k++) e[k] += model.phone.data[phoneIds[t] * d + k] + model.pos.data[t * d + k];
    return e;
  });
  const scale = 1 / Math.sqrt(d);
  for (const b of model.blocks) {
    const qkv = h.map((x) => linear(b.inProj, b.inBias, layerNorm(b.norm1, x)));
    h = h.map((x, t) => {
      const q = qkv[t];
      const scores = qkv.map((kv) => {
        let s = 0;
        for (let k = 0; k < d; k++) s += q[k] * kv[d + k];
        return s * scale;
      });
      const top = Math.max(...scores);
      const w = scores.map((s) => Math.exp(s - top));
      const sum = w.reduce((a, v) => a + v, 0);
      const o = new Float64Array(d);
      qkv.forEach((kv, s) => {
        const p = w[s] / sum;
        for (let k = 0; k < d; k++) o[k] += p * kv[2 * d + k];
      });
      const att = linear(b.outProj, b.outBias, o);
      const y = x.map((v, k) => v + att[k]);
      const f = linear(b.fc2, b.fc2Bias, linear(b.fc1, b.fc1Bias, layerNorm(b.norm2, y)).map(gelu));
      return y.map((v, k) => v + f[k]);
    });
  }
  return h.map((x) => {
    const n = layerNorm(model.headNorm, x);
    let s = model.headBias;
    for (let k = 0; k < d; k++) s += model.head[k] * n[k];
    return s;
  });
}
