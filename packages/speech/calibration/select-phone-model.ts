/**
 * Issue 25, part 3: which phone scorer, chosen by nested speaker-disjoint cross-validation over the
 * train split's cached posteriors (calibration/extract-posteriors.ts), all 125 speakers.
 *
 * Outer folds (5, by speaker) give the figures reported; inside each outer training part, inner
 * folds (3, by speaker) choose among the candidates (with or without the free phone loop's
 * features; exact or also positional targets; tree settings) by pooled PCC; the winner is refitted
 * on the whole outer training part and scores the held-out speakers. Per-phone norms and the loop
 * GOP's phone statistics are fitted on the training part of every split.
 *
 *   npx tsx calibration/select-phone-model.ts [--outer 5] [--inner 3] [--quick] [--only NAME]
 *
 * Evaluation always uses the exact targets (pronunciation equal to the corpus's).
 */
import { parseArgs } from 'node:util';
import { type FitOptions, pearson } from '../src/scoring/gbdt.ts';
import { foldsOfSpeakers } from './fit-lib.ts';
import {
  fitPhoneModel,
  loadPhoneCorpus,
  type PhoneFit,
  type PhoneUtt,
  predictPhones,
} from './phone-corpus.ts';

const { values } = parseArgs({
  options: {
    outer: { type: 'string' },
    inner: { type: 'string' },
    quick: { type: 'boolean' },
    only: { type: 'string' },
  },
});
const OUTER = Number(values.outer ?? 5);
const INNER = Number(values.inner ?? 3);

/** The candidates, by name. */
export const PHONE_TREES: Record<string, FitOptions> = {
  d4: { rounds: 300, rate: 0.05, depth: 4, minLeaf: 40 },
  d6: { rounds: 300, rate: 0.05, depth: 6, minLeaf: 80 },
};
const TREES: Record<string, FitOptions> = values.quick
  ? { quick: { rounds: 120, rate: 0.1, depth: 4, minLeaf: 40 } }
  : PHONE_TREES;
const [D4, D6] = Object.keys(TREES);
/** Without the loop (faster), exact or positional targets, and deeper trees for the best of those. */
const CANDIDATES: (PhoneFit & { name: string })[] = [
  { name: `no loop, approx, ${D4}`, loop: false, approx: true, fit: TREES[D4] },
  { name: `with loop, ${D4}`, loop: true, approx: false, fit: TREES[D4] },
  { name: `with loop, approx, ${D4}`, loop: true, approx: true, fit: TREES[D4] },
  ...(D6 ? [{ name: `with loop, approx, ${D6}`, loop: true, approx: true, fit: TREES[D6] }] : []),
];
const candidates = values.only ? CANDIDATES.filter((c) => c.name === values.only) : CANDIDATES;

const foldsOf = (us: PhoneUtt[], k: number) =>
  foldsOfSpeakers(
    us.map((u) => u.speaker),
    k,
  );

function heldOut(train: PhoneUtt[], test: PhoneUtt[], c: PhoneFit) {
  const fitted = fitPhoneModel(train, c);
  const pred: number[] = [];
  const truth: number[] = [];
  for (const u of test) {
    const p = predictPhones(fitted, u.al, u.ev);
    u.y.forEach((v, i) => {
      if (v === null) return;
      pred.push(p[i]);
      truth.push(v);
    });
  }
  return { pred, truth };
}

function cv(us: PhoneUtt[], c: PhoneFit, k: number): number {
  const folds = foldsOf(us, k);
  const all = { pred: [] as number[], truth: [] as number[] };
  for (let f = 0; f < k; f++) {
    const r = heldOut(
      us.filter((_, i) => folds[i] !== f),
      us.filter((_, i) => folds[i] === f),
      c,
    );
    all.pred.push(...r.pred);
    all.truth.push(...r.truth);
  }
  return pearson(all.pred, all.truth);
}

const utts = loadPhoneCorpus();
console.log(
  `${utts.length} recordings, ${new Set(utts.map((u) => u.speaker)).size} speakers, ${utts.reduce((a, u) => a + u.y.filter((v) => v !== null).length, 0)} exact phone targets, ${utts.reduce((a, u) => a + u.yApprox.filter((v) => v !== null).length, 0)} with positional ones`,
);
const started = Date.now();
const outerFolds = foldsOf(utts, OUTER);
const pooled = { pred: [] as number[], truth: [] as number[] };
const every: Record<string, { pred: number[]; truth: number[] }> = {};
for (let f = 0; f < OUTER; f++) {
  const train = utts.filter((_, i) => outerFolds[i] !== f);
  const test = utts.filter((_, i) => outerFolds[i] === f);
  const inner = candidates.map((c) => ({ c, pcc: candidates.length > 1 ? cv(train, c, INNER) : 0 }));
  const best = inner.reduce((a, b) => (b.pcc > a.pcc ? b : a));
  let chosen = { pred: [] as number[], truth: [] as number[] };
  // Every candidate on the outer fold too, for the record (not used to choose).
  for (const c of candidates) {
    const r = heldOut(train, test, c);
    every[c.name] ??= { pred: [], truth: [] };
    every[c.name].pred.push(...r.pred);
    every[c.name].truth.push(...r.truth);
    if (c === best.c) chosen = r;
  }
  pooled.pred.push(...chosen.pred);
  pooled.truth.push(...chosen.truth);
  console.log(
    `outer fold ${f + 1}/${OUTER}: inner ${inner.map((x) => `${x.c.name} ${x.pcc.toFixed(3)}`).join('; ')} → ${best.c.name}; held out ${pearson(chosen.pred, chosen.truth).toFixed(3)} (${((Date.now() - started) / 60000).toFixed(1)} min)`,
  );
}
console.log(
  `\nnested CV, phone accuracy PCC (chosen per outer fold): ${pearson(pooled.pred, pooled.truth).toFixed(3)}`,
);
for (const [name, p] of Object.entries(every))
  console.log(`  ${name} on every outer fold (not a choice): ${pearson(p.pred, p.truth).toFixed(3)}`);
