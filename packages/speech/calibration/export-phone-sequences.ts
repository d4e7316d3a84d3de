/**
 * Issue 25, sequence-model experiment: the phone model's feature rows grouped by utterance, for a
 * GOPT-style model trained outside TypeScript (calibration/seq-gopt.py). Nothing here is in the
 * product path.
 *
 * For every split of the nested speaker-disjoint CV of calibration/select-phone-model.ts (same
 * `foldsOfSpeakers` assignment: 5 outer folds over all recordings, 3 inner folds over each outer
 * training part) the norms (per-phone posterior norms, LPR norms, the loop GOP's phone statistics)
 * are fitted on that split's training part only, exactly as `fitPhoneModel` does before its trees,
 * and the rows ("with loop" columns, as the trees see them) written for every recording the split
 * uses: split `o<f>` = all recordings with the norms of outer training part f; split `o<f>i<g>` =
 * outer training part f with the norms of its inner training part g.
 *
 *   npx tsx calibration/export-phone-sequences.ts [--out /tmp/agaton-seq] [--outer 5] [--inner 3]
 *
 * Writes `<out>/index.json` (recordings: id, speaker, outer fold, inner fold within its outer
 * training parts, canonical phone ids, exact and positional targets; the column names) and per
 * split `<out>/<split>.f32` (float32 little-endian rows, recordings in index order, phones in
 * alignment order) with `<out>/<split>.json` (the recordings' indices in the file).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ARPABET_PHONES } from '@agaton/contracts';
import { PHONE_MODEL_FEATURES } from '../src/gop/posterior-features.ts';
import { foldsOfSpeakers } from './fit-lib.ts';
import { loadPhoneCorpus, phoneModelNorms, phoneModelRowsOf } from './phone-corpus.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' }, outer: { type: 'string' }, inner: { type: 'string' } },
});
const OUT = values.out ?? '/tmp/agaton-seq';
const OUTER = Number(values.outer ?? 5);
const INNER = Number(values.inner ?? 3);
mkdirSync(OUT, { recursive: true });

const started = Date.now();
const utts = loadPhoneCorpus();
const outerOf = foldsOfSpeakers(
  utts.map((u) => u.speaker),
  OUTER,
);
// innerOf[f][i]: inner fold of recording i within outer training part f (−1 when held out there).
const innerOf: number[][] = [];
for (let f = 0; f < OUTER; f++) {
  const idx = utts.map((_, i) => i).filter((i) => outerOf[i] !== f);
  const inner = foldsOfSpeakers(
    idx.map((i) => utts[i].speaker),
    INNER,
  );
  const row = utts.map(() => -1);
  idx.forEach((i, k) => {
    row[i] = inner[k];
  });
  innerOf.push(row);
}
const phoneId = new Map<string, number>(ARPABET_PHONES.map((p, i) => [p, i]));
writeFileSync(
  join(OUT, 'index.json'),
  JSON.stringify({
    columns: PHONE_MODEL_FEATURES,
    phones: ARPABET_PHONES,
    outer: OUTER,
    inner: INNER,
    utts: utts.map((u, i) => ({
      id: u.id,
      speaker: u.speaker,
      outer: outerOf[i],
      inner: innerOf.map((r) => r[i]),
      phones: u.al.words.flatMap((w) => w.phones.map((p) => phoneId.get(p.phone) ?? -1)),
      y: u.y,
      yApprox: u.yApprox,
    })),
  }),
);

function writeSplit(name: string, train: number[], use: number[]) {
  const t0 = Date.now();
  const fitted = phoneModelNorms(
    train.map((i) => utts[i]),
    true,
  );
  const rows: number[][] = [];
  for (const i of use) {
    const u = utts[i];
    const r = phoneModelRowsOf(fitted, u);
    if (r.length !== u.y.length) throw new Error(`${u.id}: ${r.length} rows, ${u.y.length} targets`);
    rows.push(...r);
  }
  const cols = PHONE_MODEL_FEATURES.length;
  const buf = new Float32Array(rows.length * cols);
  rows.forEach((r, k) => {
    if (r.length !== cols) throw new Error(`row of ${r.length} columns`);
    buf.set(r, k * cols);
  });
  writeFileSync(join(OUT, `${name}.f32`), Buffer.from(buf.buffer));
  writeFileSync(join(OUT, `${name}.json`), JSON.stringify({ utts: use, train, rows: rows.length }));
  console.log(
    `${name}: ${use.length} recordings, ${rows.length} rows (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
}

const all = utts.map((_, i) => i);
for (let f = 0; f < OUTER; f++) {
  const train = all.filter((i) => outerOf[i] !== f);
  writeSplit(`o${f}`, train, all);
  for (let g = 0; g < INNER; g++)
    writeSplit(
      `o${f}i${g}`,
      train.filter((i) => innerOf[f][i] !== g),
      train,
    );
}
console.log(`done in ${((Date.now() - started) / 60000).toFixed(1)} min → ${OUT}`);
