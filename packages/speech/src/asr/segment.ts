import type { Pcm16k } from '../types.js';

export interface SegmentOptions {
  /** Shortest segment before a cut is looked for (seconds). Default 20. */
  minSec?: number;
  /** Longest segment; the cut is placed at the quietest point in [min, max]. Default 30. */
  maxSec?: number;
}

/** A stretch of the recording, in samples, plus whether it holds any speech energy. */
export interface AudioSegment {
  startSample: number;
  endSample: number;
  voiced: boolean;
}

const HOP = 160; // 10 ms
/** Quietness is judged over 300 ms so a cut lands in a pause, not in a stop consonant's closure. */
const SMOOTH_FRAMES = 30;
/** A segment whose loudest 10 ms stays this close to the noise floor holds no speech. */
const VOICED_ABOVE_FLOOR_DB = 12;
const ABSOLUTE_FLOOR_DB = -50;

function frameDb(samples: Float32Array): Float32Array {
  const n = Math.ceil(samples.length / HOP);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    const end = Math.min(samples.length, (f + 1) * HOP);
    for (let i = f * HOP; i < end; i++) sum += samples[i] * samples[i];
    out[f] = 10 * Math.log10(sum / HOP + 1e-12);
  }
  return out;
}

/**
 * Splits a long recording into segments of `minSec`–`maxSec` seconds, each cut at the quietest
 * 300 ms stretch inside that window, so words are not split between segments. Segments without speech
 * energy are marked so the caller can skip decoding them (meetings are mostly other people or silence).
 */
export function splitAtSilences(pcm: Pcm16k, options: SegmentOptions = {}): AudioSegment[] {
  const minFrames = Math.round((options.minSec ?? 20) * 100);
  const maxFrames = Math.max(minFrames + 1, Math.round((options.maxSec ?? 30) * 100));
  const db = frameDb(pcm.samples);
  const total = db.length;
  // Running mean over SMOOTH_FRAMES via a prefix sum: one pass, fine for an hour (360k frames).
  const prefix = new Float64Array(total + 1);
  for (let i = 0; i < total; i++) prefix[i + 1] = prefix[i] + db[i];
  const smooth = (f: number) => {
    const a = Math.max(0, f - SMOOTH_FRAMES / 2);
    const b = Math.min(total, f + SMOOTH_FRAMES / 2);
    return (prefix[b] - prefix[a]) / Math.max(1, b - a);
  };
  const sorted = Float32Array.from(db).sort();
  const floor = sorted[Math.floor(sorted.length * 0.1)] ?? -120;
  const voicedThreshold = Math.max(ABSOLUTE_FLOOR_DB, floor + VOICED_ABOVE_FLOOR_DB);

  const cuts = [0];
  let start = 0;
  while (total - start > maxFrames) {
    let best = start + minFrames;
    let bestDb = Number.POSITIVE_INFINITY;
    // Leave at least a minimum-length segment after the cut when the recording allows it.
    const hi = Math.max(start + minFrames + 1, Math.min(start + maxFrames, total - minFrames));
    for (let f = start + minFrames; f < hi; f++) {
      const v = smooth(f);
      if (v < bestDb) {
        bestDb = v;
        best = f;
      }
    }
    cuts.push(best);
    start = best;
  }
  cuts.push(total);

  const segments: AudioSegment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i], cuts[i + 1]];
    let voiced = false;
    for (let f = a; f < b && !voiced; f++) voiced = db[f] > voicedThreshold;
    segments.push({
      startSample: a * HOP,
      endSample: Math.min(pcm.samples.length, b * HOP),
      voiced,
    });
  }
  return segments;
}
