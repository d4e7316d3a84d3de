/**
 * Gradient-boosted regression trees (squared loss, shallow trees) in plain TypeScript: small enough
 * to fit in seconds on a few thousand phones and to ship as JSON. Prediction is a sum of tree
 * outputs; there is no randomness, so fitting the same data twice gives the same model.
 */

/** A tree node: a leaf value, or a split on feature `f` at threshold `t` (≤ goes left). */
export type TreeNode = number | { f: number; t: number; l: TreeNode; r: TreeNode };

export interface BoostedTrees {
  base: number;
  rate: number;
  trees: TreeNode[];
}

export interface FitOptions {
  rounds?: number;
  rate?: number;
  depth?: number;
  /** Fewest samples in a leaf (keeps leaves from chasing single noisy ratings). */
  minLeaf?: number;
}

function predictTree(node: TreeNode, x: ArrayLike<number>): number {
  let n = node;
  while (typeof n !== 'number') n = x[n.f] <= n.t ? n.l : n.r;
  return n;
}

export function predictBoosted(model: BoostedTrees, x: ArrayLike<number>): number {
  let y = model.base;
  for (const tree of model.trees) y += model.rate * predictTree(tree, x);
  return y;
}

interface SplitContext {
  X: number[][];
  /** Sample indices sorted by each feature, computed once. */
  order: Int32Array[];
  minLeaf: number;
}

function bestSplit(ctx: SplitContext, idx: Int32Array, inNode: Uint8Array, resid: Float64Array) {
  let total = 0;
  for (const i of idx) total += resid[i];
  const n = idx.length;
  let best = { gain: 1e-9, f: -1, t: 0 };
  const base = (total * total) / n;
  for (let f = 0; f < ctx.X[0].length; f++) {
    let left = 0;
    let count = 0;
    const ord = ctx.order[f];
    for (let k = 0; k < ord.length; k++) {
      const i = ord[k];
      if (!inNode[i]) continue;
      left += resid[i];
      count += 1;
      if (count < ctx.minLeaf || n - count < ctx.minLeaf) continue;
      // Split only between distinct values.
      let nextK = k + 1;
      while (nextK < ord.length && !inNode[ord[nextK]]) nextK++;
      if (nextK >= ord.length) break;
      const v = ctx.X[i][f];
      const vNext = ctx.X[ord[nextK]][f];
      if (vNext === v) continue;
      const right = total - left;
      const gain = (left * left) / count + (right * right) / (n - count) - base;
      if (gain > best.gain) best = { gain, f, t: (v + vNext) / 2 };
    }
  }
  return best;
}

function growTree(
  ctx: SplitContext,
  idx: Int32Array,
  resid: Float64Array,
  depth: number,
  mark: Uint8Array,
): TreeNode {
  let sum = 0;
  for (const i of idx) sum += resid[i];
  const leaf = sum / idx.length;
  if (depth === 0 || idx.length < 2 * ctx.minLeaf) return leaf;
  for (const i of idx) mark[i] = 1;
  const split = bestSplit(ctx, idx, mark, resid);
  for (const i of idx) mark[i] = 0;
  if (split.f < 0) return leaf;
  const l = idx.filter((i) => ctx.X[i][split.f] <= split.t);
  const r = idx.filter((i) => ctx.X[i][split.f] > split.t);
  return {
    f: split.f,
    t: split.t,
    l: growTree(ctx, l, resid, depth - 1, mark),
    r: growTree(ctx, r, resid, depth - 1, mark),
  };
}

/** Fits boosted trees to predict `y` from rows of `X`. */
export function fitBoosted(X: number[][], y: number[], options: FitOptions = {}): BoostedTrees {
  const { rounds = 150, rate = 0.08, depth = 3, minLeaf = 20 } = options;
  const n = y.length;
  const base = y.reduce((s, v) => s + v, 0) / n;
  const pred = new Float64Array(n).fill(base);
  const order = X[0].map((_, f) =>
    Int32Array.from(Array.from({ length: n }, (_, i) => i).sort((a, b) => X[a][f] - X[b][f])),
  );
  const ctx: SplitContext = { X, order, minLeaf };
  const all = Int32Array.from({ length: n }, (_, i) => i);
  const resid = new Float64Array(n);
  const mark = new Uint8Array(n);
  const trees: TreeNode[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) resid[i] = y[i] - pred[i];
    const tree = growTree(ctx, all, resid, depth, mark);
    trees.push(tree);
    for (let i = 0; i < n; i++) pred[i] += rate * predictTree(tree, X[i]);
  }
  return { base, rate, trees: trees.map(roundTree) };
}

/** Rounds thresholds and leaves so the JSON stays small; predictions change by < 1e-4. */
function roundTree(node: TreeNode): TreeNode {
  const r = (v: number) => Math.round(v * 1e5) / 1e5;
  if (typeof node === 'number') return r(node);
  return { f: node.f, t: r(node.t), l: roundTree(node.l), r: roundTree(node.r) };
}

/** Pearson correlation coefficient. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb || 1);
}
