import { readFileSync } from 'node:fs';
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

/** The development subset, beside the project (`../shared/datasets/speechocean762-dev`). */
export const DATASET_DIR =
  process.env.SPEECHOCEAN_DIR ?? resolve(here, '../../../../shared/datasets/speechocean762-dev');

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

/** The corpus's own pronunciations, so aligned phones match the phones the experts scored. */
export function corpusPronunciations(utt: ScoredUtterance): Record<string, string> {
  const out: Record<string, string> = {};
  for (const w of utt.words) out[w.text.toLowerCase()] = w.phones.join(' ');
  return out;
}
