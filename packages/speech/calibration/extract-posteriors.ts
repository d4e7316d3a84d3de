/**
 * Stage 1 of the posterior-feature recipe (issue 25, part 2): over the whole speechocean762 train
 * split (2,500 recordings, `../shared/datasets/speechocean762-train`), per recording the product's
 * alignment of its text (`createAligner`, dictionary pronunciations, as calibration/extract.ts),
 * the frame-level phone posteriors (`src/posteriors/`), the evidence per aligned phone
 * (`phoneEvidence`: LPP, LPR vector, posterior GOP, silence posterior, energy), the loop-based
 * per-phone values the aligner already gives (gop, lpp, loopLpp, loopAgree: kept for comparison),
 * and the experts' phone scores matched word by word.
 *
 * Matching: the label's words pair with the aligned words in order when both have the same number
 * of words; a word gets the experts' phone scores only when its aligned phones equal the corpus's
 * phones for it (same sequence), else it is kept without targets and counted as skipped. A label
 * line without words (83 recordings whose phones fit no lexicon entry) gives no targets.
 *
 * Shardable and resumable: `--shard k/n` takes every recording whose index ≡ k (mod n) in a
 * round-robin order over speakers; one JSON
 * line per recording is appended to `posteriors-train/shard-k-of-n.jsonl` as it is done, and a
 * rerun skips the ids already in any shard. `--pack` gzips finished shards (the reader takes both).
 *
 *   nice -n 19 npx tsx calibration/extract-posteriors.ts --shard 0/2 [--limit N]
 *   npx tsx calibration/extract-posteriors.ts --pack
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAligner } from '../src/align/aligner.ts';
import { phoneEvidence } from '../src/gop/posterior-features.ts';
import { createPosteriorComputer, loadPtmModel } from '../src/posteriors/index.ts';
import { computeContours } from '../src/scoring/contours.ts';
import { loadTrainLabels, readAudio16k, TRAIN_DIR } from './dataset.ts';
import { CACHE_DIR, loadPosteriorRecords, type PosteriorRecord } from './posterior-cache.ts';
import { packShards } from './shards.ts';

const { values } = parseArgs({
  options: { shard: { type: 'string' }, limit: { type: 'string' }, pack: { type: 'boolean' } },
});

if (values.pack) {
  packShards(CACHE_DIR);
  process.exit(0);
}

const [k, n] = (values.shard ?? '0/1').split('/').map(Number);
mkdirSync(CACHE_DIR, { recursive: true });
const out = join(CACHE_DIR, `shard-${k}-of-${n}.jsonl`);
// Done anywhere (any shard file, plain or packed): a rerun with another --shard never repeats one.
const done = new Set(loadPosteriorRecords().map((r) => r.id));

const labels = loadTrainLabels();
// Round-robin over speakers (every speaker's 1st recording, then every 2nd…), so that a partial
// run already covers all 125 speakers and speaker-disjoint folds are balanced.
const rank = new Map<string, number>();
const order = labels
  .map((l) => {
    const r = rank.get(l.speaker) ?? 0;
    rank.set(l.speaker, r + 1);
    return { l, r };
  })
  .sort((a, b) => a.r - b.r || a.l.speaker.localeCompare(b.l.speaker) || a.l.id.localeCompare(b.l.id))
  .map((x) => x.l);
const mine = order.filter((_, i) => i % n === k).slice(0, values.limit ? Number(values.limit) : undefined);

const r = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

const aligner = await createAligner();
const posteriors = createPosteriorComputer(loadPtmModel());
const started = Date.now();
let count = 0;
let audioSec = 0;
const already = mine.filter((l) => done.has(l.id)).length;
for (const label of mine) {
  if (done.has(label.id)) continue;
  const pcm = readAudio16k(join(TRAIN_DIR, label.audio));
  audioSec += pcm.durationSec;
  const al = await aligner.align(pcm, label.text, { skipDetection: false });
  const rec: PosteriorRecord = { id: label.id, speaker: label.speaker, ok: al.ok, words: [] };
  if (al.ok) {
    const post = posteriors.compute(pcm.samples);
    const ev = phoneEvidence(al, post, computeContours(pcm).energyDb);
    const sameCount = label.words !== null && label.words.length === al.words.length;
    let i = 0;
    rec.words = al.words.map((w, wi) => {
      const ref = sameCount ? label.words?.[wi] : undefined;
      const phones = w.phones.map((p) => p.phone);
      const match = ref !== undefined && ref.phones.join(' ') === phones.join(' ');
      return {
        w: w.word,
        s: match && ref ? ref.phonesAccuracy : null,
        why: match
          ? undefined
          : label.words === null
            ? 'no-label-words'
            : !sameCount
              ? 'word-count'
              : 'phones',
        ph: w.phones.map((p) => {
          const e = ev[i++];
          return {
            p: p.phone,
            t: [r(p.start, 2), r(p.end, 2)],
            loop: [
              r(p.gop, 2),
              r(p.features.lpp ?? 0, 2),
              r(p.features.loopLpp ?? 0, 2),
              r(p.features.loopAgree ?? 0, 2),
            ],
            ev: [e.frames, r(e.lpp, 2), r(e.gopPost, 2), r(e.silPost, 2), r(e.energyDb, 1)],
            lpr: e.lpr.map((v) => r(v, 1)),
          };
        }),
      };
    });
  }
  appendFileSync(out, `${JSON.stringify(rec)}\n`);
  count += 1;
  if (count % 20 === 0) {
    const min = (Date.now() - started) / 60000;
    console.error(
      `${new Date().toISOString()} shard ${k}/${n}: ${already + count}/${mine.length}, ${(count / min).toFixed(1)} rec/min, RTF ${((min * 60) / audioSec).toFixed(3)}`,
    );
  }
}
console.error(`shard ${k}/${n} finished: ${count} new, ${already + count}/${mine.length}`);
aligner.dispose();
