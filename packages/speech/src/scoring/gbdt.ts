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

/** Most distinct values a feature keeps; beyond that it is cut at quantiles (255 bins). */
const MAX_BINS = 255;

/**
 * Each feature's values mapped to at most {@link MAX_BINS} ordered bins, with the threshold between
 * neighbouring bins halfway between their values: trees split only there, so the search per node
 * is a pass over a histogram instead of over every sample, and thresholds stay real feature values.
 */
function binFeatures(X: number[][]) {
  const n = X.length;
  const F = X[0].length;
  const bins = new Uint8Array(n * F);
  const thresholds: Float64Array[] = [];
  for (let f = 0; f < F; f++) {
    const sorted = Float64Array.from(X, (row) => row[f]).sort();
    const cuts: number[] = [];
    const distinct: number[] = [];
    for (let k = 0; k < n; k++) if (k === 0 || sorted[k] !== sorted[k - 1]) distinct.push(sorted[k]);
    if (distinct.length <= MAX_BINS) {
      for (let k = 1; k < distinct.length; k++) cuts.push((distinct[k - 1] + distinct[k]) / 2);
    } else {
      for (let b = 1; b < MAX_BINS; b++) {
        const at = Math.floor((b * n) / MAX_BINS);
        const lo = sorted[at - 1];
        const hi = sorted[at];
        const cut = (lo + hi) / 2;
        if (lo !== hi && (cuts.length === 0 || cut > cuts[cuts.length - 1])) cuts.push(cut);
      }
    }
    thresholds.push(Float64Array.from(cuts));
    for (let i = 0; i < n; i++) {
      // First cut at or above the value: the bin index (binary search).
      const v = X[i][f];
      let lo = 0;
      let hi = cuts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cuts[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      bins[i * F + f] = lo;
    }
  }
  return { bins, thresholds, F };
}

/**
 * One regression tree on the residuals, grown level by level: per level, one pass over the samples
 * fills a histogram of residual sums per node, feature and bin, and each node takes the split with
 * the largest squared-error gain that leaves at least `minLeaf` samples on both sides.
 */
function growTree(
  binned: ReturnType<typeof binFeatures>,
  resid: Float64Array,
  depth: number,
  minLeaf: number,
): TreeNode {
  const { bins, thresholds, F } = binned;
  const n = resid.length;
  const B = MAX_BINS;
  const nodeOf = new Int32Array(n);
  type Open = { sum: number; count: number; set: (t: TreeNode) => void };
  let root: TreeNode = 0;
  let open: Open[] = [
    {
      sum: 0,
      count: n,
      set: (t) => {
        root = t;
      },
    },
  ];
  for (let i = 0; i < n; i++) open[0].sum += resid[i];
  for (let level = 0; level <= depth && open.length; level++) {
    const last = level === depth;
    const sums = last ? null : new Float64Array(open.length * F * B);
    const counts = last ? null : new Int32Array(open.length * F * B);
    if (sums && counts) {
      for (let i = 0; i < n; i++) {
        const nd = nodeOf[i];
        if (nd < 0) continue;
        const r = resid[i];
        const base = nd * F * B;
        const row = i * F;
        for (let f = 0; f < F; f++) {
          const k = base + f * B + bins[row + f];
          sums[k] += r;
          counts[k] += 1;
        }
      }
    }
    const next: Open[] = [];
    const remap = new Int32Array(open.length).fill(-1);
    const splits: { f: number; bin: number }[] = [];
    open.forEach((node, nd) => {
      const leaf = node.sum / node.count;
      let best = { gain: 1e-9, f: -1, bin: 0, lsum: 0, lcount: 0 };
      if (sums && counts && node.count >= 2 * minLeaf) {
        const parent = (node.sum * node.sum) / node.count;
        for (let f = 0; f < F; f++) {
          const cuts = thresholds[f].length;
          let lsum = 0;
          let lcount = 0;
          const base = nd * F * B + f * B;
          for (let b = 0; b < cuts; b++) {
            lsum += sums[base + b];
            lcount += counts[base + b];
            if (lcount < minLeaf) continue;
            const rcount = node.count - lcount;
            if (rcount < minLeaf) break;
            const rsum = node.sum - lsum;
            const gain = (lsum * lsum) / lcount + (rsum * rsum) / rcount - parent;
            if (gain > best.gain) best = { gain, f, bin: b, lsum, lcount };
          }
        }
      }
      if (best.f < 0) {
        node.set(leaf);
        splits.push({ f: -1, bin: 0 });
        return;
      }
      const split = { f: best.f, t: thresholds[best.f][best.bin], l: 0 as TreeNode, r: 0 as TreeNode };
      node.set(split);
      remap[nd] = next.length;
      splits.push({ f: best.f, bin: best.bin });
      next.push({
        sum: best.lsum,
        count: best.lcount,
        set: (t) => {
          split.l = t;
        },
      });
      next.push({
        sum: node.sum - best.lsum,
        count: node.count - best.lcount,
        set: (t) => {
          split.r = t;
        },
      });
    });
    for (let i = 0; i < n; i++) {
      const nd = nodeOf[i];
      if (nd < 0) continue;
      const s = splits[nd];
      if (s.f < 0) nodeOf[i] = -1;
      else nodeOf[i] = remap[nd] + (bins[i * F + s.f] <= s.bin ? 0 : 1);
    }
    open = next;
  }
  return root;
}

/** Fits boosted trees to predict `y` from rows of `X`. */
export function fitBoosted(X: number[][], y: number[], options: FitOptions = {}): BoostedTrees {
  const { rounds = 150, rate = 0.08, depth = 3, minLeaf = 20 } = options;
  const n = y.length;
  const base = y.reduce((s, v) => s + v, 0) / n;
  const pred = new Float64Array(n).fill(base);
  const binned = binFeatures(X);
  const resid = new Float64Array(n);
  const trees: TreeNode[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) resid[i] = y[i] - pred[i];
    const tree = growTree(binned, resid, depth, minLeaf);
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
