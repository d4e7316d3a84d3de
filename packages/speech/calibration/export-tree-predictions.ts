/**
 * Issue 25, sequence-model experiment: the tree phone model's held-out predictions per phone, on the
 * outer speaker folds of calibration/select-phone-model.ts (same `foldsOfSpeakers` assignment), for
 * comparison with and ensembling with calibration/seq/gopt.py. One fixed candidate per run (no
 * choice on inner folds): by default the installed `PHONE_FIT` ("with loop, d4").
 *
 *   npx tsx calibration/export-tree-predictions.ts [--out /tmp/agaton-seq] [--outer 5] [--approx]
 *     [--inner 3]   also the inner folds' held-out predictions within each outer training part
 *
 * Writes `<out>/trees[-approx].json`: per recording (index order of export-phone-sequences.ts) the
 * raw prediction of every aligned phone by the model fitted without its outer fold; with --inner,
 * `inner[f][i]` the same within outer training part f (null for recordings outside it).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pearson } from '../src/scoring/gbdt.ts';
import { foldsOfSpeakers } from './fit-lib.ts';
import { fitPhoneModel, loadPhoneCorpus, PHONE_FIT, type PhoneUtt, predictPhones } from './phone-corpus.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    outer: { type: 'string' },
    inner: { type: 'string' },
    approx: { type: 'boolean' },
  },
});
const OUT = values.out ?? '/tmp/agaton-seq';
const OUTER = Number(values.outer ?? 5);
const INNER = values.inner ? Number(values.inner) : 0;
const config = { ...PHONE_FIT, approx: Boolean(values.approx) };

const started = Date.now();
const utts = loadPhoneCorpus();
const folds = (us: PhoneUtt[], k: number) =>
  foldsOfSpeakers(
    us.map((u) => u.speaker),
    k,
  );

/** Held-out predictions for every recording of `idx`, fold by fold. */
function crossPredict(idx: number[], k: number): Map<number, number[]> {
  const foldOf = folds(
    idx.map((i) => utts[i]),
    k,
  );
  const out = new Map<number, number[]>();
  for (let f = 0; f < k; f++) {
    const fitted = fitPhoneModel(
      idx.filter((_, j) => foldOf[j] !== f).map((i) => utts[i]),
      config,
    );
    idx.forEach((i, j) => {
      if (foldOf[j] === f) out.set(i, predictPhones(fitted, utts[i].al, utts[i].ev));
    });
  }
  return out;
}

const all = utts.map((_, i) => i);
const outerOf = folds(utts, OUTER);
const outer = crossPredict(all, OUTER);
const score = (pred: Map<number, number[]>, idx: number[]) => {
  const p: number[] = [];
  const t: number[] = [];
  for (const i of idx)
    utts[i].y.forEach((v, j) => {
      if (v === null) return;
      p.push((pred.get(i) as number[])[j]);
      t.push(v);
    });
  return pearson(p, t);
};
for (let f = 0; f < OUTER; f++)
  console.log(
    `outer fold ${f + 1}: ${score(
      outer,
      all.filter((i) => outerOf[i] === f),
    ).toFixed(4)}`,
  );
console.log(`pooled: ${score(outer, all).toFixed(4)} (${((Date.now() - started) / 60000).toFixed(1)} min)`);
const inner: (number[] | null)[][] = [];
for (let f = 0; f < OUTER && INNER; f++) {
  const idx = all.filter((i) => outerOf[i] !== f);
  const p = crossPredict(idx, INNER);
  inner.push(all.map((i) => p.get(i) ?? null));
  console.log(
    `outer fold ${f + 1}, inner CV: ${score(p, idx).toFixed(4)} (${((Date.now() - started) / 60000).toFixed(1)} min)`,
  );
}
writeFileSync(
  join(OUT, `trees${config.approx ? '-approx' : ''}.json`),
  JSON.stringify({ config, outer: all.map((i) => outer.get(i)), ...(INNER ? { inner } : {}) }),
);
