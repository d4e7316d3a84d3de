/**
 * First evidence for the posterior features (issue 25, part 2): phone-level PCC with the experts
 * over whatever calibration/extract-posteriors.ts has cached, by speaker-disjoint 5-fold CV (folds
 * by speaker; norms, phone statistics and regressors fitted on the four training folds only;
 * nothing is tuned: the ridge penalty and tree settings are fixed in advance, the trees being
 * select.ts's "base" phone settings).
 *
 *   npx tsx calibration/evaluate-posteriors.ts [--folds 5] [--trees]
 *
 * Feature sets compared (rows: phones whose aligned pronunciation equals the corpus's):
 * - scalar: the aligner's loop GOP; its per-phone normalised value; the posterior LPP; the
 *   posterior GOP (no fit, PCC of the raw value);
 * - today: the product's 18 per-phone features (`phoneFeatureRows`, loop-based) with ridge;
 * - lpp+lpr: LPP and the 39-dim LPR vector, ridge on standardised features;
 * - lpp+lpr+phone: the same with the canonical phone one-hot;
 * - lpp+sorted lpr+phone: the LPR values sorted (margins against the closest competitors first,
 *   whichever phones they are; a linear model cannot learn per canonical phone which competitor
 *   matters) with the one-hot;
 * - posterior: all `POSTERIOR_FEATURES` (no loop) + phone one-hot; the same without the LPRs;
 * - all: posterior + today's 18.
 */
import { parseArgs } from 'node:util';
import { type PhoneStats, phoneFeatureRows } from '../src/gop/features.ts';
import { LPR_PHONES, posteriorFeatureRows, posteriorNorms } from '../src/gop/posterior-features.ts';
import { fitBoosted, pearson, predictBoosted } from '../src/scoring/gbdt.ts';
import { fitRidge, predictLinear } from '../src/scoring/linear.ts';
import type { Alignment } from '../src/types.ts';
import { phoneStatistics, type Sample } from './fit-lib.ts';
import { alignmentOf, evidenceOf, loadPosteriorRecords } from './posterior-cache.ts';

const { values } = parseArgs({ options: { folds: { type: 'string' }, trees: { type: 'boolean' } } });
const K = Number(values.folds ?? 5);
/** Fixed in advance (tens of thousands of rows, ≤ 120 standardised columns): not tuned. */
const LAMBDA = 10;

const records = loadPosteriorRecords().filter((r) => r.ok);
const all = loadPosteriorRecords();
interface Utt {
  speaker: string;
  al: Alignment;
  ev: ReturnType<typeof evidenceOf>;
  y: (number | null)[];
}
const utts: Utt[] = records.map((r) => ({
  speaker: r.speaker,
  al: alignmentOf(r),
  ev: evidenceOf(r),
  y: r.words.flatMap((w) => w.ph.map((_, j) => (w.s ? w.s[j] : null))),
}));

const words = records.flatMap((r) => r.words);
const why = new Map<string, number>();
for (const w of words) if (!w.s) why.set(w.why ?? '?', (why.get(w.why ?? '?') ?? 0) + 1);
const speakers = [...new Set(utts.map((u) => u.speaker))].sort();
const foldOf = new Map(speakers.map((s, i) => [s, i % K]));
const paired = utts.reduce((a, u) => a + u.y.filter((v) => v !== null).length, 0);
console.log(
  `${all.length} recordings cached, ${all.length - records.length} failed alignments; ${utts.length} used, ${speakers.length} speakers, ${words.length} words (${words.length - [...why.values()].reduce((a, b) => a + b, 0)} paired; skipped: ${[...why].map(([k, v]) => `${k} ${v}`).join(', ')}), ${paired} paired phones`,
);

const oneHot = (phone: string) => LPR_PHONES.map((q) => (q === phone ? 1 : 0));
const LPR_END = 3 + LPR_PHONES.length; // lpp, lppN, gopPost, lpr×39

type Set =
  | 'today'
  | 'lpp+lpr'
  | 'lpp+lpr+phone'
  | 'lpp+sorted lpr+phone'
  | 'posterior without lpr'
  | 'posterior'
  | 'all';
const SETS: Set[] = [
  'today',
  'lpp+lpr',
  'lpp+lpr+phone',
  'lpp+sorted lpr+phone',
  'posterior without lpr',
  'posterior',
  'all',
];
const emptySets = (): Record<Set, number[][]> => ({
  today: [],
  'lpp+lpr': [],
  'lpp+lpr+phone': [],
  'lpp+sorted lpr+phone': [],
  'posterior without lpr': [],
  posterior: [],
  all: [],
});
const SCALARS = ['loop gop', 'loop gopN', 'posterior lpp', 'posterior gopPost'] as const;

function rowsOf(
  u: Utt,
  stats: PhoneStats,
  norms: ReturnType<typeof posteriorNorms>,
): Record<Set, number[][]> {
  const today = phoneFeatureRows(u.al, stats);
  const post = posteriorFeatureRows(u.al.words, u.ev, norms);
  const out = emptySets();
  out.today = today;
  post.forEach((r, i) => {
    const lpr = [r[0], ...r.slice(3, LPR_END)];
    const hot = oneHot(u.ev[i].phone);
    out['lpp+lpr'].push(lpr);
    out['lpp+lpr+phone'].push([...lpr, ...hot]);
    // The margins against the closest competitors, whichever phones they are (self left out).
    const own = LPR_PHONES.indexOf(u.ev[i].phone);
    const sorted = lpr
      .slice(1)
      .filter((_, q) => q !== own)
      .sort((a, b) => a - b);
    out['lpp+sorted lpr+phone'].push([r[0], ...sorted, ...hot]);
    out['posterior without lpr'].push([...r.slice(0, 3), ...r.slice(LPR_END), ...hot]);
    out.posterior.push([...r, ...hot]);
    out.all.push([...r, ...hot, ...today[i]]);
  });
  return out;
}

const truth: number[] = [];
const fold: number[] = [];
const pred: Record<string, number[]> = {};
const add = (name: string, xs: number[]) => {
  pred[name] = [...(pred[name] ?? []), ...xs];
};
for (let f = 0; f < K; f++) {
  const train = utts.filter((u) => foldOf.get(u.speaker) !== f);
  const test = utts.filter((u) => foldOf.get(u.speaker) === f);
  const stats = phoneStatistics(train.map((u) => ({ al: u.al }) as Sample));
  const norms = posteriorNorms(train.flatMap((u) => u.ev));
  const collect = (us: Utt[]) => {
    const X = emptySets();
    const y: number[] = [];
    const scalar: Record<string, number[]> = Object.fromEntries(SCALARS.map((s) => [s, []]));
    for (const u of us) {
      const rows = rowsOf(u, stats, norms);
      u.y.forEach((t, i) => {
        if (t === null) return;
        for (const s of SETS) X[s].push(rows[s][i]);
        y.push(t);
        scalar['loop gop'].push(rows.today[i][0]);
        scalar['loop gopN'].push(rows.today[i][1]);
        scalar['posterior lpp'].push(u.ev[i].lpp);
        scalar['posterior gopPost'].push(u.ev[i].gopPost);
      });
    }
    return { X, y, scalar };
  };
  const tr = collect(train);
  const te = collect(test);
  truth.push(...te.y);
  fold.push(...te.y.map(() => f));
  for (const s of SCALARS) add(s, te.scalar[s]);
  for (const s of SETS) {
    const m = fitRidge(tr.X[s], tr.y, LAMBDA);
    add(
      `ridge ${s}`,
      te.X[s].map((x) => predictLinear(m, x)),
    );
    if (values.trees && (s === 'today' || s === 'posterior' || s === 'all')) {
      const t = fitBoosted(tr.X[s], tr.y, { rounds: 150, rate: 0.06, depth: 3, minLeaf: 40 });
      add(
        `trees ${s}`,
        te.X[s].map((x) => predictBoosted(t, x)),
      );
    }
  }
  console.error(`fold ${f + 1}/${K}: ${tr.y.length} training phones, ${te.y.length} held out`);
}

console.log(`\n| features | pooled PCC | per fold (min–max) |\n| --- | --- | --- |`);
for (const [name, p] of Object.entries(pred)) {
  const per = Array.from({ length: K }, (_, f) => {
    const idx = fold.map((g, i) => (g === f ? i : -1)).filter((i) => i >= 0);
    return pearson(
      idx.map((i) => p[i]),
      idx.map((i) => truth[i]),
    );
  });
  console.log(
    `| ${name} | ${pearson(p, truth).toFixed(3)} | ${Math.min(...per).toFixed(3)}–${Math.max(...per).toFixed(3)} |`,
  );
}
