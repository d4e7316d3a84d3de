/**
 * Frame-level phone posteriors (`src/posteriors/`): speed on the 5 s clip of `bench:speech-speed`,
 * and how often the expected phone is the best / among the three best posteriors of its frames —
 * on flite speech labelled by flite's own segmentation, and on dev-set learner speech along the
 * product's forced alignment (next to how often the aligner's free phone loop agrees, for scale).
 *
 *   npm run bench:speech-posteriors [-- --every 3]   # every 3rd dev recording
 *
 * Needs Debian's pocketsphinx-en-us and flite; the dev-set part needs the dataset (skipped with a
 * line saying why when it is absent).
 *
 * Smoke run (BENCH_SMOKE=1): 3 timed calls, one vowel and one consonant and one sentence in one voice,
 * and 2 dev recordings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DATASET_AVAILABLE,
  DATASET_DIR,
  DATASET_MISSING,
  loadScores,
  readWav16k,
} from '../calibration/dataset.ts';
import { createAligner } from '../src/align/aligner.ts';
import { type FrameAgreement, frameAgreement } from '../src/posteriors/aligned-frames.ts';
import { loadPtmModel } from '../src/posteriors/model.ts';
import { flite } from '../src/posteriors/posteriors.test-helper.ts';
import { createPosteriorComputer } from '../src/posteriors/posteriors.ts';
import { announceSmoke, smokeOr } from './smoke.ts';

const args = process.argv.slice(2);
const every = Number(args[args.indexOf('--every') + 1] || 3);
announceSmoke('3 timed calls, 2 phones and 1 sentence in one voice, 2 dev recordings');
const cpuSec = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const pct = (a: FrameAgreement) =>
  `${a.frames} frames, top-1 ${((100 * a.top1) / a.frames).toFixed(1)} %, top-3 ${((100 * a.top3) / a.frames).toFixed(1)} %`;

let c0 = cpuSec();
const model = loadPtmModel();
const loadMs = (cpuSec() - c0) * 1000;
const computer = createPosteriorComputer(model);

// Speed: the clip bench:speech-speed times (first dev recording of 4.8–5.4 s), else a fixture.
{
  let wav = join(DATASET_DIR, 'wav', '010270306.wav');
  if (DATASET_AVAILABLE) {
    const rows = readFileSync(join(DATASET_DIR, 'scores.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; wav: string })
      .sort((a, b) => a.id.localeCompare(b.id));
    const row = rows.find((r) => {
      const sec = readWav16k(join(DATASET_DIR, r.wav)).durationSec;
      return sec >= 4.8 && sec <= 5.4;
    });
    if (row) wav = join(DATASET_DIR, row.wav);
  } else {
    wav = join(import.meta.dirname, '../test/fixtures/speechocean762/wav/010270306.wav');
  }
  const pcm = readWav16k(wav);
  c0 = cpuSec();
  computer.compute(pcm.samples);
  const firstMs = (cpuSec() - c0) * 1000;
  const runs: number[] = [];
  for (let i = 0; i < smokeOr(11, 3); i++) {
    c0 = cpuSec();
    computer.compute(pcm.samples);
    runs.push((cpuSec() - c0) * 1000);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `speed, ${pcm.durationSec.toFixed(2)} s clip: model load ${loadMs.toFixed(0)} ms CPU, first call ` +
      `${firstMs.toFixed(0)} ms, then min ${runs[0].toFixed(0)} / median ${runs[runs.length >> 1].toFixed(0)} ms CPU ` +
      `(front end + features + senones + posteriors)`,
  );
}

// flite: every phone sustained (vowels alone, consonants between "aa"s), and whole sentences.
{
  const VOWELS = 'aa ae ah ao aw ay eh er ey ih iy ow oy uh uw'.split(' ');
  const CONSONANTS = 'b ch d dh f g hh jh k l m n ng p r s sh t th v w y z zh'.split(' ');
  const SENTENCES = [
    'The good thing is that we can see the game.',
    'She sells sea shells by the sea shore.',
    'Then he returned to her and demanded something to eat.',
    'I just want my money back before the end of the month.',
    'We call it bear because it looks like one.',
    'The quick brown fox jumps over the lazy dog.',
  ].slice(0, smokeOr(undefined, 1));
  const VOICES = ['slt', 'awb', 'rms'].slice(0, smokeOr(undefined, 1));
  const PHONES = smokeOr([...VOWELS, ...CONSONANTS], [VOWELS[0], CONSONANTS[0]]);
  const sustained: FrameAgreement = { frames: 0, top1: 0, top3: 0 };
  const perPhone: string[] = [];
  for (const phone of PHONES) {
    const one: FrameAgreement = { frames: 0, top1: 0, top3: 0 };
    for (const voice of VOICES) {
      const seq = VOWELS.includes(phone) ? `pau ${phone} pau` : `pau aa ${phone} aa pau`;
      const { samples, segments } = flite({ phones: seq }, voice, 2);
      const seg = segments.find((s, i) => i > 0 && s.phone === phone)!;
      const label = [{ phone: phone.toUpperCase(), start: seg.start + 0.01, end: seg.end - 0.03 }];
      frameAgreement(computer.compute(samples), label, one);
    }
    perPhone.push(`${phone.toUpperCase()} ${((100 * one.top1) / one.frames).toFixed(0)}`);
    sustained.frames += one.frames;
    sustained.top1 += one.top1;
    sustained.top3 += one.top3;
  }
  console.log(`flite, ${PHONES.length} sustained phones × ${VOICES.length} voices: ${pct(sustained)}`);
  console.log(`  top-1 % per phone: ${perPhone.join(', ')}`);
  const sentences: FrameAgreement = { frames: 0, top1: 0, top3: 0 };
  for (const voice of VOICES) {
    for (const text of SENTENCES) {
      const { samples, segments } = flite({ text }, voice);
      const labels = segments
        .filter((s) => s.phone !== 'pau')
        .map((s) => ({ ...s, phone: s.phone === 'ax' ? 'AH' : s.phone.toUpperCase() }));
      frameAgreement(computer.compute(samples), labels, sentences);
    }
  }
  console.log(`flite, ${SENTENCES.length} sentences × ${VOICES.length} voices: ${pct(sentences)}`);
}

// Learner speech along the product's forced alignment.
if (!DATASET_AVAILABLE) {
  console.log(`dev set: skipped, ${DATASET_MISSING}`);
} else {
  const aligner = await createAligner();
  const utts = loadScores()
    .filter((_, i) => i % every === 0)
    .slice(0, smokeOr(undefined, 2));
  const total: FrameAgreement = { frames: 0, top1: 0, top3: 0 };
  let loopFrames = 0;
  let loopAgree = 0;
  let aligned = 0;
  for (const utt of utts) {
    const pcm = readWav16k(join(DATASET_DIR, utt.wav));
    const alignment = await aligner.align(pcm, utt.text, { skipDetection: false });
    if (!alignment.ok) continue;
    aligned += 1;
    const phones = alignment.words.flatMap((w) => w.phones);
    frameAgreement(computer.compute(pcm.samples), phones, total);
    for (const p of phones) {
      loopFrames += p.features.frames;
      loopAgree += p.features.loopAgree * p.features.frames;
    }
  }
  aligner.dispose();
  console.log(`dev set, ${aligned} of ${utts.length} recordings aligned (1 in ${every}): ${pct(total)}`);
  console.log(
    `  the aligner's free phone loop hears the aligned phone on ${((100 * loopAgree) / loopFrames).toFixed(1)} %`,
  );
}
