import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pcm16k } from '../src/types.ts';

/** One scored recording of speechocean762 (see the dataset's README for the scales). */
export interface ScoredUtterance {
  id: string;
  speaker: string;
  age: number;
  text: string;
  accuracy: number;
  completeness: number;
  fluency: number;
  prosodic: number;
  total: number;
  words: {
    text: string;
    accuracy: number;
    stress: number;
    total: number;
    phones: string[];
    phonesAccuracy: number[];
  }[];
  wav: string;
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A data set of `../shared/datasets/` beside the project. CI has that folder; a bare clone does not,
 * so tests read committed fixtures (`FIXTURE_DIR`) and whatever needs a whole data set asks
 * `DATASET_AVAILABLE` first. The one place that knows where `../shared` is (test/no-shared.test.ts
 * checks that tests go through it).
 */
export const sharedDataset = (name: string) => resolve(here, '../../../../shared/datasets', name);

/** The development subset (`../shared/datasets/speechocean762-dev`; `SPEECHOCEAN_DIR` overrides). */
export const DATASET_DIR = process.env.SPEECHOCEAN_DIR ?? sharedDataset('speechocean762-dev');

/** Whether the whole dev set is here. */
export const DATASET_AVAILABLE = existsSync(join(DATASET_DIR, 'scores.jsonl'));

/** The one-line reason printed when something needing the whole dev set does not run. */
export const DATASET_MISSING = `speechocean762 dev set not found at ${DATASET_DIR} (set SPEECHOCEAN_DIR)`;

/** For a test needing the whole dev set: its name, with the reason appended when it will be skipped. */
export const needsDataset = (name: string) =>
  DATASET_AVAILABLE ? name : `${name} (skipped: ${DATASET_MISSING})`;

/** For a bench or script needing the whole dev set: prints the reason and exits 0 when it is absent. */
export function requireDataset(what: string): void {
  if (DATASET_AVAILABLE) return;
  console.log(`${what}: skipped, ${DATASET_MISSING}`);
  process.exit(0);
}

/**
 * The few dev-set recordings and their label lines that tests use, committed in the dev set's layout
 * (`scores.jsonl`, `wav/<id>.wav`): `loadScores(FIXTURE_DIR)`, `readWav16k(join(FIXTURE_DIR, utt.wav))`.
 */
export const FIXTURE_DIR = resolve(here, '../test/fixtures/speechocean762');

export function loadScores(dir = DATASET_DIR): ScoredUtterance[] {
  return readFileSync(join(dir, 'scores.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as ScoredUtterance);
}

/**
 * Reads a 16 kHz mono 16-bit PCM WAV (the dataset's format) by walking its RIFF chunks. The general
 * decoder for every browser format lives in `src/audio/`; calibration needs only this.
 */
export function readWav16k(path: string): Pcm16k {
  const buf = readFileSync(path);
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      const channels = buf.readUInt16LE(offset + 10);
      const rate = buf.readUInt32LE(offset + 12);
      const bits = buf.readUInt16LE(offset + 22);
      if (channels !== 1 || rate !== 16000 || bits !== 16) throw new Error(`${path}: not 16 kHz mono 16-bit`);
    }
    if (id === 'data') {
      const n = Math.floor(Math.min(size, buf.length - offset - 8) / 2);
      const samples = new Float32Array(n);
      for (let i = 0; i < n; i++) samples[i] = buf.readInt16LE(offset + 8 + i * 2) / 32768;
      return { samples, sampleRate: 16000, durationSec: n / 16000 };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${path}: no data chunk`);
}

/** The whole train split (phone scores for all 2,500 recordings; `SPEECHOCEAN_TRAIN_DIR` overrides). */
export const TRAIN_DIR = process.env.SPEECHOCEAN_TRAIN_DIR ?? sharedDataset('speechocean762-train');

/** One line of the train split's labels.jsonl (see its README). */
export interface TrainLabel {
  id: string;
  speaker: string;
  text: string;
  phones: string[];
  phonesAccuracy: number[];
  words: { text: string; phones: string[]; phonesAccuracy: number[] }[] | null;
  audio: string;
}

/** Whether the train split is here (its labels; the audio of its dev recordings is the dev set's). */
export const TRAIN_AVAILABLE = existsSync(join(TRAIN_DIR, 'labels.jsonl'));

/** The train split's labels in file order. */
export function loadTrainLabels(dir = TRAIN_DIR): TrainLabel[] {
  return readFileSync(join(dir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as TrainLabel);
}

/** A dataset recording as 16 kHz PCM: WAV read directly, FLAC (the train split) through sox. */
export function readAudio16k(path: string): Pcm16k {
  if (path.endsWith('.wav')) return readWav16k(path);
  const raw = execFileSync(
    'sox',
    [path, '-t', 'raw', '-e', 'signed', '-b', '16', '-r', '16000', '-c', '1', '-'],
    {
      maxBuffer: 1 << 28,
    },
  );
  const samples = new Float32Array(raw.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = raw.readInt16LE(i * 2) / 32768;
  return { samples, sampleRate: 16000, durationSec: samples.length / 16000 };
}

/** The corpus's own pronunciations, so aligned phones match the phones the experts scored. */
export function corpusPronunciations(utt: ScoredUtterance): Record<string, string> {
  const out: Record<string, string> = {};
  for (const w of utt.words) out[w.text.toLowerCase()] = w.phones.join(' ');
  return out;
}
