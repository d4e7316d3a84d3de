import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASET_DIR } from '../calibration/dataset.ts';
import { wav16kMono } from '../src/audio/wav.ts';

/** Samples of a dev-set recording (16 kHz 16-bit mono WAV), header skipped by finding "data". */
export function devSamples(wav: string): Int16Array {
  const buf = readFileSync(join(DATASET_DIR, wav));
  const at = buf.indexOf('data') + 8;
  return new Int16Array(
    buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + buf.length - ((buf.length - at) % 2)),
  );
}

/** Recordings back to back with `gapSec` of silence between them, cut at `maxSec` when given. */
export function joinWithGaps(
  parts: Int16Array[],
  gapSec: number,
  maxSec = Number.POSITIVE_INFINITY,
): Int16Array {
  const gap = Math.round(gapSec * 16000);
  const length = parts.reduce((n, p) => n + p.length, 0) + gap * Math.max(0, parts.length - 1);
  const out = new Int16Array(Math.min(length, Math.floor(maxSec * 16000)));
  let at = 0;
  for (const p of parts) {
    if (at >= out.length) break;
    const n = Math.min(p.length, out.length - at);
    out.set(p.subarray(0, n), at);
    at += n + gap;
  }
  return out;
}

/** A 16 kHz mono WAV file of the samples, as a browser upload would be. */
export function wavBytes(samples: Int16Array): Uint8Array {
  return new Uint8Array(wav16kMono(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)));
}

/** A speechocean762 dev recording with its text and the experts' sentence scores. */
export interface DevRow {
  id: string;
  speaker: string;
  text: string;
  wav: string;
  total: number;
  accuracy: number;
  fluency: number;
}

/** The dev recordings per speaker, each speaker's in id order. */
export function devRowsBySpeaker(): Map<string, DevRow[]> {
  const rows = readFileSync(join(DATASET_DIR, 'scores.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as DevRow)
    .sort((a, b) => a.id.localeCompare(b.id));
  const bySpeaker = new Map<string, DevRow[]>();
  for (const r of rows) bySpeaker.set(r.speaker, [...(bySpeaker.get(r.speaker) ?? []), r]);
  return bySpeaker;
}

const ANSWER_SEC = 30;
const GAP_SEC = 0.5;

/**
 * A speaker's recordings in id order, 0.5 s apart, until about 30 s are reached: one free answer of
 * theirs (bench:speech-free, bench:speech-topic). Speakers with less than 30 s of recordings (children
 * read 1–2 s sentences; 6 of the 51 have under 15 s) start over from their first recording, so every
 * answer is a full one and the short-answer rule plays no part.
 */
export function devAnswerOf(rows: DevRow[]): { audio: Uint8Array; reference: string; seconds: number } {
  const parts: Int16Array[] = [];
  const texts: string[] = [];
  let total = 0;
  for (let k = 0; total < (ANSWER_SEC - 1) * 16000; k++) {
    const r = rows[k % rows.length];
    parts.push(devSamples(r.wav));
    texts.push(r.text);
    total += parts[parts.length - 1].length + (k ? GAP_SEC * 16000 : 0);
  }
  const joined = joinWithGaps(parts, GAP_SEC);
  return { audio: wavBytes(joined), reference: texts.join(' '), seconds: joined.length / 16000 };
}
