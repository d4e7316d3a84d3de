/**
 * Issue 25: the sequence phone scorer that the product averages with the phone trees
 * (src/scoring/phone-sequence.ts). For the product (every train-split recording) and for each outer
 * fold of bench:speech-agreement (the train split without that fold's dev speakers — the phone
 * trees' own training set there), writes the phone model's rows under that set's norms and trains
 * calibration/seq-train.py on them (PyTorch from Debian's `python3-torch`, a calibration-only tool;
 * the product runs the exported weights in TypeScript).
 *
 *   npx tsx calibration/fit-phone-sequence.ts [--only product|bench] [--jobs 2] [--data /tmp/agaton-seq-fit]
 *
 * Writes calibration/phone-sequence/<model>.json (the product's), <model>-bench-o<k>.json (the
 * bench's; `findSequenceModel` picks one by the fingerprint of the recordings it was trained on) and
 * the parity fixture test/fixtures/phone-sequence-parity.json (the product model's outputs in torch).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { ARPABET_PHONES } from '@agaton/contracts';
import { PHONE_MODEL_FEATURES } from '../src/gop/posterior-features.ts';
import { arpabetIds } from '../src/scoring/phone-sequence.ts';
import { loadSamples } from './cache.ts';
import { foldsOfSpeakers, speakerFolds } from './fit-lib.ts';
import {
  loadPhoneCorpus,
  PHONE_FIT,
  type PhoneUtt,
  phoneModelNorms,
  phoneModelRowsOf,
  SEQUENCE_DIR,
  sequenceFingerprint,
} from './phone-corpus.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    jobs: { type: 'string', default: '2' },
    data: { type: 'string', default: '/tmp/agaton-seq-fit' },
    model: { type: 'string', default: 'en-us-16k' },
  },
});
const here = resolve(import.meta.dirname);
const DATA = values.data;
mkdirSync(DATA, { recursive: true });
const started = Date.now();
const corpus = loadPhoneCorpus();

/** Writes one training set's rows and metadata for seq-train.py. */
function writeSet(name: string, train: PhoneUtt[]) {
  const fitted = phoneModelNorms(train, PHONE_FIT.loop);
  const inner = foldsOfSpeakers(
    train.map((u) => u.speaker),
    3,
  );
  const cols = PHONE_MODEL_FEATURES.length;
  const rows = train.flatMap((u) => phoneModelRowsOf(fitted, u));
  const buf = new Float32Array(rows.length * cols);
  for (const [k, r] of rows.entries()) buf.set(r, k * cols);
  writeFileSync(join(DATA, `${name}.f32`), Buffer.from(buf.buffer));
  writeFileSync(
    join(DATA, `${name}.json`),
    JSON.stringify({
      columns: PHONE_MODEL_FEATURES,
      phones: ARPABET_PHONES,
      rows: rows.length,
      trainedOn: {
        recordings: train.length,
        speakers: new Set(train.map((u) => u.speaker)).size,
        fingerprint: sequenceFingerprint(train.map((u) => u.id)),
      },
      utts: train.map((u, i) => ({
        id: u.id,
        inner: inner[i],
        phones: arpabetIds(u.al).map((id) => {
          if (id < 0) throw new Error(`${u.id}: a phone outside the inventory`);
          return id;
        }),
        y: u.y,
        yApprox: u.yApprox,
      })),
    }),
  );
}

const sets: { name: string; train: PhoneUtt[]; fixture?: string }[] = [];
if (values.only !== 'bench')
  sets.push({
    name: values.model,
    train: corpus,
    fixture: resolve(here, '../test/fixtures/phone-sequence-parity.json'),
  });
if (values.only !== 'product') {
  // The outer folds of bench:speech-agreement (calibration/select.ts `outerFolds`, 5 folds).
  const samples = loadSamples(values.model);
  const foldOf = speakerFolds(samples, 5);
  for (let f = 0; f < 5; f++) {
    const held = new Set(samples.filter((_, i) => foldOf[i] === f).map((s) => s.utt.speaker));
    sets.push({ name: `${values.model}-bench-o${f + 1}`, train: corpus.filter((u) => !held.has(u.speaker)) });
  }
}
for (const s of sets) writeSet(s.name, s.train);
console.log(`${sets.length} training sets written in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const run = promisify(execFile);
const queue = [...sets];
async function worker() {
  for (let s = queue.shift(); s; s = queue.shift()) {
    const args = [
      join(here, 'seq-train.py'),
      ...['--data', DATA, '--name', s.name, '--out', join(SEQUENCE_DIR, `${s.name}.json`)],
      ...(s.fixture ? ['--fixture', s.fixture] : []),
    ];
    const { stdout } = await run('/usr/bin/python3', args, { maxBuffer: 1 << 24 });
    process.stdout.write(stdout);
  }
}
await Promise.all(Array.from({ length: Number(values.jobs) }, worker));
console.log(`done in ${((Date.now() - started) / 60000).toFixed(1)} min`);
