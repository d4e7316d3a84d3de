/**
 * Issue 25: the sequence phone scorer that the product averages with the phone trees
 * (src/scoring/phone-sequence.ts). Every phone model fitted by `phoneStage` gets the sequence model
 * trained on its exact training set, so this trains one per set that calibrate:fit and
 * bench:speech-agreement fit phone trees on: in calibrate:fit the whole train split (the product's)
 * and the 5 inner folds' sets; in each of the bench's 5 outer folds the train split without the
 * fold's dev speakers and its 4 inner folds' sets (16 distinct sets: the bench's inner folds are
 * its other outer folds, and its outer sets are calibrate:fit's inner ones). For each it writes the
 * phone model's rows under that set's norms and runs calibration/seq-train.py (PyTorch from Debian's
 * `python3-torch`, a calibration-only tool; the product runs the exported weights in TypeScript).
 * Sets whose model is already committed are skipped unless --force.
 *
 *   npx tsx calibration/fit-phone-sequence.ts [--only product|bench] [--force] [--jobs 2]
 *
 * Writes calibration/phone-sequence/en-us-16k.json (the product's; and the parity fixture
 * test/fixtures/phone-sequence-parity.json, its outputs in torch) and en-us-16k-<fingerprint>.json.gz
 * for the others (`findSequenceModel` finds a set's model by the fingerprint of its recordings).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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
  phoneStageSets,
  SEQUENCE_DIR,
  SEQUENCE_PRODUCT,
  sequenceFile,
  sequenceFingerprint,
} from './phone-corpus.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    force: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
    data: { type: 'string', default: '/tmp/agaton-seq-fit' },
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

const sets: { name: string; out: string; train: PhoneUtt[]; fixture?: string }[] = [];
const add = (train: PhoneUtt[], product = false) => {
  const fingerprint = sequenceFingerprint(train.map((u) => u.id));
  if (sets.some((s) => s.name === fingerprint)) return;
  const out = product ? SEQUENCE_PRODUCT : join(SEQUENCE_DIR, sequenceFile(fingerprint));
  if (existsSync(out) && !values.force) return;
  sets.push({
    name: fingerprint,
    out,
    train,
    ...(product && { fixture: resolve(here, '../test/fixtures/phone-sequence-parity.json') }),
  });
};
// Only the 16 kHz model scores phones from posteriors.
const samples = loadSamples('en-us-16k');
if (values.only !== 'bench') {
  // calibrate:fit (calibration/fit.ts): fitSelected on every dev recording with 5 inner folds.
  const stage = phoneStageSets(samples, corpus, 5);
  add(stage.full, true);
  for (const train of stage.perFold) add(train);
}
if (values.only !== 'product') {
  // bench:speech-agreement's defaults: 5 outer folds (`outerFolds`), each fitted with 4 inner ones.
  const outer = speakerFolds(samples, 5);
  for (let f = 0; f < 5; f++) {
    const held = new Set(samples.filter((_, i) => outer[i] === f).map((s) => s.utt.speaker));
    const stage = phoneStageSets(
      samples.filter((_, i) => outer[i] !== f),
      corpus.filter((u) => !held.has(u.speaker)),
      4,
    );
    add(stage.full);
    for (const train of stage.perFold) add(train);
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
      ...['--data', DATA, '--name', s.name, '--out', s.out],
      ...(s.fixture ? ['--fixture', s.fixture] : []),
    ];
    const { stdout } = await run('/usr/bin/python3', args, { maxBuffer: 1 << 24 });
    process.stdout.write(stdout);
  }
}
await Promise.all(Array.from({ length: Number(values.jobs) }, worker));
console.log(`done in ${((Date.now() - started) / 60000).toFixed(1)} min`);
