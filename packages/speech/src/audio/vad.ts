import type { Pcm16k } from '../types.ts';

/** A stretch of the recording that holds speech (seconds). */
export interface VoicedSegment {
  start: number;
  end: number;
}

export interface VadOptions {
  /** Gaps shorter than this are closures inside speech, not pauses (seconds). Default 0.2. */
  minGapSec?: number;
  /** Voiced bursts shorter than this are clicks or breaths (seconds). Default 0.08. */
  minSpeechSec?: number;
}

const FRAME = 320; // 20 ms window
const HOP = 160; // 10 ms hop
const HOP_SEC = HOP / 16000;
/** Below this nothing counts as speech, whatever the noise floor (quiet rooms reach −70 dBFS). */
const ABSOLUTE_FLOOR_DB = -50;
/** Speech must rise this far above the recording's noise floor to open a segment… */
const OPEN_ABOVE_NOISE_DB = 12;
/** …and stays open until it falls below floor + this (hysteresis keeps word endings in). */
const CLOSE_ABOVE_NOISE_DB = 6;

/** Frame energies in dBFS, one per 10 ms. */
export function frameEnergiesDb(pcm: Pcm16k): Float32Array {
  const { samples } = pcm;
  const n = Math.max(0, Math.floor((samples.length - FRAME) / HOP) + 1);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    const from = f * HOP;
    for (let i = from; i < from + FRAME; i++) sum += samples[i] * samples[i];
    out[f] = 10 * Math.log10(sum / FRAME + 1e-12);
  }
  return out;
}

function percentile(values: Float32Array, p: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? -120;
}

/**
 * Energy-based voice activity with hysteresis. The thresholds are relative to the recording's own
 * noise floor (its 10th-percentile frame energy) so a noisy laptop microphone and a studio clip are
 * segmented alike; deterministic, and fast enough for an hour of audio (~0.1 s per minute).
 */
export function detectVoice(pcm: Pcm16k, opts: VadOptions = {}): VoicedSegment[] {
  const minGap = opts.minGapSec ?? 0.2;
  const minSpeech = opts.minSpeechSec ?? 0.08;
  const energies = frameEnergiesDb(pcm);
  if (energies.length === 0) return [];
  const noise = percentile(energies, 0.1);
  const open = Math.max(ABSOLUTE_FLOOR_DB, noise + OPEN_ABOVE_NOISE_DB);
  const close = Math.max(ABSOLUTE_FLOOR_DB - 6, noise + CLOSE_ABOVE_NOISE_DB);

  const raw: VoicedSegment[] = [];
  let startFrame = -1;
  for (let f = 0; f < energies.length; f++) {
    const e = energies[f];
    if (startFrame < 0 && e >= open) startFrame = f;
    else if (startFrame >= 0 && e < close) {
      raw.push({ start: startFrame * HOP_SEC, end: f * HOP_SEC + FRAME / 16000 });
      startFrame = -1;
    }
  }
  if (startFrame >= 0) raw.push({ start: startFrame * HOP_SEC, end: pcm.durationSec });

  const merged: VoicedSegment[] = [];
  for (const seg of raw) {
    const last = merged.at(-1);
    if (last && seg.start - last.end < minGap) last.end = seg.end;
    else merged.push({ ...seg });
  }
  return merged
    .filter((s) => s.end - s.start >= minSpeech)
    .map((s) => ({ start: round3(s.start), end: round3(Math.min(s.end, pcm.durationSec)) }));
}

/** Seconds of speech in a list of segments. */
export function voicedSeconds(segments: VoicedSegment[]): number {
  return segments.reduce((sum, s) => sum + (s.end - s.start), 0);
}

/** Silent gaps between voiced segments (not before the first or after the last). */
export function gapsBetween(segments: VoicedSegment[]): VoicedSegment[] {
  const gaps: VoicedSegment[] = [];
  for (let i = 1; i < segments.length; i++) {
    gaps.push({ start: segments[i - 1].end, end: segments[i].start });
  }
  return gaps;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
