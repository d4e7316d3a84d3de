/**
 * Stage 1 of the unscripted-speech recipe (issue 26): per recording of the speechocean762 train
 * split, what the product can know without a transcript — the voiced stretches (`detectVoice`) and
 * the free phone decoding of the frame-level posteriors (`phoneSegments`) inside them. No text, no
 * alignment: the fit (calibration/delivery-fit.ts) joins a speaker's recordings into answers and
 * learns the experts' judgement from these alone.
 *
 * Shardable and resumable like extract-posteriors.ts: `--shard k/n` appends one JSON line per
 * recording to `delivery-train/shard-k-of-n.jsonl`; `--pack` gzips finished shards.
 *
 *   nice -n 19 npx tsx calibration/extract-delivery.ts --shard 0/2
 *   npx tsx calibration/extract-delivery.ts --pack
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { detectVoice } from '../src/audio/vad.ts';
import { phoneSegments } from '../src/delivery/phone-segments.ts';
import { createPosteriorComputer, loadPtmModel } from '../src/posteriors/index.ts';
import { loadTrainLabels, readAudio16k, TRAIN_DIR } from './dataset.ts';
import { DELIVERY_DIR, type DeliveryRecord, loadDeliveryRecords } from './delivery-cache.ts';
import { packShards } from './shards.ts';

const { values } = parseArgs({ options: { shard: { type: 'string' }, pack: { type: 'boolean' } } });
if (values.pack) {
  packShards(DELIVERY_DIR);
  process.exit(0);
}
const [k, n] = (values.shard ?? '0/1').split('/').map(Number);
mkdirSync(DELIVERY_DIR, { recursive: true });
const out = join(DELIVERY_DIR, `shard-${k}-of-${n}.jsonl`);
const done = new Set(loadDeliveryRecords().map((r) => r.id));
const mine = loadTrainLabels().filter((_, i) => i % n === k);

const posteriors = createPosteriorComputer(loadPtmModel());
const r2 = (v: number) => Math.round(v * 100) / 100;
const started = Date.now();
let count = 0;
for (const label of mine) {
  if (done.has(label.id)) continue;
  const pcm = readAudio16k(join(TRAIN_DIR, label.audio));
  const voiced = detectVoice(pcm);
  const post = posteriors.compute(pcm.samples);
  const rec: DeliveryRecord = {
    id: label.id,
    speaker: label.speaker,
    dur: r2(pcm.durationSec),
    voiced: voiced.map((v) => [r2(v.start), r2(v.end)]),
    seg: phoneSegments(post).map((s) => [s.phone, s.start, s.frames, r2(s.lpp), r2(s.margin)]),
  };
  appendFileSync(out, `${JSON.stringify(rec)}\n`);
  if (++count % 100 === 0) {
    console.error(
      `shard ${k}/${n}: ${count}/${mine.length} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}
console.error(`shard ${k}/${n} finished: ${count} new`);
