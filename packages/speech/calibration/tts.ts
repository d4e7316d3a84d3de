import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pcm16k } from '../src/types.ts';
import { readWav16k } from './dataset.ts';

/** Speech from Debian's flite (16 kHz voices such as "slt", "rms", "awb"), for tests and trials. */
export function speak(text: string, voice = 'slt'): Pcm16k {
  const dir = mkdtempSync(join(tmpdir(), 'agaton-flite-'));
  try {
    const wav = join(dir, 'tts.wav');
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', wav]);
    return readWav16k(wav);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
