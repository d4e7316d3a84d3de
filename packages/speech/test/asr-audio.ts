import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pcm16k } from '../src/types.ts';

/** Any audio file sox reads, as 16 kHz mono float samples (test-side decoder, independent of src/audio). */
export function readAudio(path: string): Pcm16k {
  const raw = execFileSync(
    'sox',
    [path, '-t', 'raw', '-r', '16000', '-c', '1', '-e', 'float', '-b', '32', '-'],
    {
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  const samples = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4).slice();
  return pcm(samples);
}

export function pcm(samples: Float32Array): Pcm16k {
  return { samples, sampleRate: 16000, durationSec: samples.length / 16000 };
}

/** Speech synthesised by Debian's flite (its default voice, or `voice`), resampled with sox to 16 kHz. */
export function synthesise(text: string, voice?: string): Pcm16k {
  const dir = mkdtempSync(join(tmpdir(), 'agaton-flite-'));
  try {
    const wav = join(dir, 'tts.wav');
    execFileSync('flite', [...(voice ? ['-voice', voice] : []), '-t', text, '-o', wav]);
    return readAudio(wav);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Joins clips with `gapSec` of silence between them. */
export function concat(parts: Pcm16k[], gapSec = 0): Pcm16k {
  const gap = Math.round(gapSec * 16000);
  const total = parts.reduce((n, p) => n + p.samples.length, 0) + gap * Math.max(0, parts.length - 1);
  const out = new Float32Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p.samples, at);
    at += p.samples.length + gap;
  }
  return pcm(out);
}
