/**
 * Ridge regression for the sentence scales, blended with the boosted trees (docs/decisions/011).
 * With about 300 rated sentences, smooth relations such as "more and longer pauses, lower fluency"
 * are learnt better by one weight per feature than by depth-2 trees, which cut them into steps.
 * Inputs are standardised and clipped to the range seen in training, so a recording unlike any in
 * the calibration set (a 15 s free-speech chunk, the wrong text) cannot be extrapolated past it.
 */
export interface LinearModel {
  /** Per-feature mean and spread used to standardise (spread 1 for a constant feature). */
  mean: number[];
  scale: number[];
  /** Per-feature range seen in training; inputs are clipped to it. */
  lo: number[];
  hi: number[];
  weights: number[];
  intercept: number;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Fits y ≈ intercept + Σ w·z (z the standardised features) minimising squared error + λ‖w‖². */
export function fitRidge(X: number[][], y: number[], lambda: number): LinearModel {
  const n = X.length;
  const d = X[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  const lo = new Array<number>(d).fill(Infinity);
  const hi = new Array<number>(d).fill(-Infinity);
  for (const r of X) {
    r.forEach((v, j) => {
      mean[j] += v / n;
      lo[j] = Math.min(lo[j], v);
      hi[j] = Math.max(hi[j], v);
    });
  }
  for (const r of X) {
    r.forEach((v, j) => {
      scale[j] += (v - mean[j]) ** 2 / n;
    });
  }
  // A feature that (all but) never varied in training is left unscaled; it gets no weight.
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j]) > 1e-6 ? Math.sqrt(scale[j]) : 1;
  const yMean = y.reduce((a, b) => a + b, 0) / Math.max(1, n);
  // Normal equations (ZᵀZ + λI) w = Zᵀ(y − ȳ), solved by Gauss–Jordan with partial pivoting.
  const A = Array.from({ length: d }, (_, i) =>
    Array.from({ length: d + 1 }, (_, j) => (i === j ? lambda : 0)),
  );
  X.forEach((r, k) => {
    const z = r.map((v, j) => (v - mean[j]) / scale[j]);
    for (let i = 0; i < d; i++) {
      A[i][d] += z[i] * (y[k] - yMean);
      for (let j = 0; j < d; j++) A[i][j] += z[i] * z[j];
    }
  });
  for (let i = 0; i < d; i++) {
    let p = i;
    for (let r = i + 1; r < d; r++) if (Math.abs(A[r][i]) > Math.abs(A[p][i])) p = r;
    [A[i], A[p]] = [A[p], A[i]];
    for (let r = 0; r < d; r++) {
      if (r === i || A[i][i] === 0) continue;
      const f = A[r][i] / A[i][i];
      for (let c = i; c <= d; c++) A[r][c] -= f * A[i][c];
    }
  }
  const weights = A.map((row, i) => (row[i] === 0 ? 0 : row[d] / row[i]));
  return {
    mean: mean.map(round),
    scale: scale.map(round),
    lo: lo.map(round),
    hi: hi.map(round),
    weights: weights.map(round),
    intercept: round(yMean),
  };
}

export function predictLinear(m: LinearModel, x: ArrayLike<number>): number {
  let out = m.intercept;
  for (let j = 0; j < m.weights.length; j++) {
    const v = Number.isFinite(x[j]) ? Math.min(m.hi[j], Math.max(m.lo[j], x[j])) : m.mean[j];
    out += (m.weights[j] * (v - m.mean[j])) / m.scale[j];
  }
  return out;
}
