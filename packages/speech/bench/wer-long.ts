/**
 * Long-audio recognition: builds an N-minute recording from read speech whose text is known (the
 * LibriVox clips of pocketsphinx-testdata and adult dev-set sentences, with 0.8 s pauses), runs
 * `transcribeLong` on all cores and prints WER, wall time, real-time factor and peak memory.
 *
 *   npx tsx packages/speech/bench/wer-long.ts [--minutes 10] [--concurrency N]
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DATASET_DIR as DEV, requireDataset } from '../calibration/dataset.js';
import { createRecogniser, transcribeLong, wordErrorRate } from '../src/asr/index.js';
import type { Pcm16k } from '../src/types.js';
import { concat, readAudio } from '../test/asr-audio.js';

const { values } = parseArgs({ options: { minutes: { type: 'string' }, concurrency: { type: 'string' } } });
const minutes = Number(values.minutes ?? 10);
const concurrency = Number(values.concurrency ?? availableParallelism());

requireDataset('bench/wer-long.ts');
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

const pool: { text: string; audio: Pcm16k }[] = readFileSync(join(LIBRIVOX, 'transcription'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => /^(.*)\((\S+)\)\s*$/.exec(line) as RegExpExecArray)
  .map((m) => ({ text: m[1], audio: readAudio(join(LIBRIVOX, `${m[2]}.wav`)) }));
for (const line of readFileSync(join(DEV, 'scores.jsonl'), 'utf8').split('\n').filter(Boolean)) {
  const r = JSON.parse(line) as { text: string; wav: string; age: number; total: number };
  if (r.age >= 18 && r.total >= 8) pool.push({ text: r.text, audio: readAudio(join(DEV, r.wav)) });
}

const parts: Pcm16k[] = [];
const texts: string[] = [];
let seconds = 0;
for (let i = 0; seconds < minutes * 60; i++) {
  const item = pool[i % pool.length];
  parts.push(item.audio);
  texts.push(item.text);
  seconds += item.audio.durationSec + 0.8;
}
const recording = concat(parts, 0.8);

let peakRss = process.memoryUsage().rss;
const timer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);
const started = performance.now();
const transcript = await transcribeLong(recording, { recogniser: createRecogniser(), concurrency });
const wall = (performance.now() - started) / 1000;
clearInterval(timer);

const { errors, referenceWords } = wordErrorRate(texts.join(' '), transcript.text);
console.log(
  `${(recording.durationSec / 60).toFixed(1)} min recording (${parts.length} sentences, ${referenceWords} words): ` +
    `WER ${((100 * errors) / referenceWords).toFixed(1)}%, wall ${wall.toFixed(1)} s on ${concurrency} workers, ` +
    `RTF ${(wall / recording.durationSec).toFixed(3)} (per core ${((wall * concurrency) / recording.durationSec).toFixed(3)}), ` +
    `peak RSS of this process ${(peakRss / 1024 / 1024).toFixed(0)} MB (each decoder process adds ~105 MB)`,
);
