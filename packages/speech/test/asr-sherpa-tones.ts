import type { Pcm16k } from '../src/types.ts';

/**
 * Test audio for the tiny tone models: each part is [seconds, Hz (0 = silence), amplitude (default
 * 0.3)], over a −66 dBFS noise floor from a fixed-seed generator, so every run hears the same clip.
 */
export function toneClip(parts: [seconds: number, hz: number, amplitude?: number][]): Pcm16k {
  const total = parts.reduce((s, [d]) => s + d, 0);
  const samples = new Float32Array(Math.round(total * 16000));
  let i = 0;
  let seed = 7;
  for (const [seconds, hz, amplitude = 0.3] of parts) {
    const n = Math.round(seconds * 16000);
    for (let k = 0; k < n; k++, i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed / 0x7fffffff - 0.5) * 1e-3;
      samples[i] = (hz ? amplitude * Math.sin((2 * Math.PI * hz * i) / 16000) : 0) + noise;
    }
  }
  return { samples, sampleRate: 16000, durationSec: samples.length / 16000 };
}
