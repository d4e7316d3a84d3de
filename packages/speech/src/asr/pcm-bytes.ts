import { wav16kMono } from '../audio/wav.js';
import type { Pcm16k } from '../types.js';

/**
 * 16-bit little-endian PCM of the samples with a deterministic ±2 LSB dither. Runs of exact zeros
 * (digital silence from TTS and some browsers) make PocketSphinx hallucinate a confident word
 * ("dog" at posterior 1.0 on 2 s of zeros); a fixed-seed noise floor at about −80 dBFS removes that
 * and keeps the output identical from run to run.
 */
export function toInt16Bytes(pcm: Pcm16k): Buffer {
  const { samples } = pcm;
  const out = Buffer.alloc(samples.length * 2);
  let seed = 0x2545f491;
  for (let i = 0; i < samples.length; i++) {
    // xorshift32: cheap, reproducible noise
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const dither = ((seed >>> 0) % 5) - 2;
    const v = Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767) + dither;
    out.writeInt16LE(Math.max(-32768, Math.min(32767, v)), i * 2);
  }
  return out;
}

/** A canonical 44-byte RIFF/WAVE header followed by the 16-bit samples (for HTTP upload). */
export function toWavBytes(pcm: Pcm16k): Buffer {
  return wav16kMono(toInt16Bytes(pcm));
}
