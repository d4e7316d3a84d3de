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
