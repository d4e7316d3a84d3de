/**
 * Time to score a ~5 s reading clip from the dev set (alignment, phone loop, skipped-word pass,
 * contours and calibrated scoring), after the one-off model load. Target: under 1 s.
 *
 *   npx tsx bench/agreement-timing.ts
 */
import { join } from 'node:path';
import { DATASET_DIR, loadScores, readWav16k, requireDataset } from '../calibration/dataset.ts';
import type { AlignOptions } from '../src/align/aligner.ts';
import { createAligner } from '../src/align/aligner.ts';
import { mayHaveSkippedWords, scoreReading } from '../src/scoring/score.ts';

requireDataset('bench/agreement-timing.ts');
const loadStart = performance.now();
const aligner = await createAligner();
const loadMs = performance.now() - loadStart;
const clips = loadScores()
  .map((utt) => ({ utt, pcm: readWav16k(join(DATASET_DIR, utt.wav)) }))
  .filter(({ pcm }) => pcm.durationSec >= 4.5 && pcm.durationSec <= 5.5)
  .slice(0, 5);

/** CPU time (user + system) per clip: on a shared machine wall time mostly measures the neighbours. */
async function time(
  skipDetection: AlignOptions['skipDetection'],
): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const { utt, pcm } of clips) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const al = await aligner.align(pcm, utt.text, { skipDetection });
    scoreReading(al, pcm);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    wall.push(performance.now() - t0);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

await time(true); // warm-up: JIT and first allocations
const full = await time(true);
// As the engine runs it: the skipped-word pass only when a word looks skipped.
const engine = await time((words) => mayHaveSkippedWords(words, aligner.model));
const fast = await time(false);
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)].toFixed(0);
const seconds = clips.map((c) => c.pcm.durationSec.toFixed(2)).join(', ');
console.log(`acoustic model ${aligner.model}; model load ${loadMs.toFixed(0)} ms; clips of ${seconds} s`);
console.log(
  `5 s reading clip (median): ${median(engine.cpu)} ms CPU, ${median(engine.wall)} ms wall as the engine ` +
    `runs it; with the skipped-word pass always ${median(full.cpu)} ms CPU, never ${median(fast.cpu)} ms CPU`,
);
aligner.dispose();
