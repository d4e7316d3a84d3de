import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TextToSpeech } from './tts.ts';

const run = promisify(execFile);

/** US English voices of Debian's flite; 'slt' is the clearest female US voice it ships. */
const VOICE_BY_COUNTRY: Record<string, string> = { US: 'slt' };

/** Is the flite binary installed? Checked once at start; without it the route answers 501. */
export async function fliteAvailable(binary = 'flite'): Promise<boolean> {
  try {
    await run(binary, ['-lv'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * flite in a child process (53 s of speech in under a second here). Output goes to a temporary file
 * because flite cannot write a WAV to stdout. A small cache avoids re-synthesising the same sentence.
 */
export function createFliteTts(options: { binary?: string; cacheSize?: number } = {}): TextToSpeech {
  const binary = options.binary ?? 'flite';
  const cacheSize = options.cacheSize ?? 64;
  const cache = new Map<string, Buffer>();
  return {
    async synthesize({ text, country }) {
      const voice = VOICE_BY_COUNTRY[country.toUpperCase()] ?? VOICE_BY_COUNTRY.US;
      const key = `${voice}\n${text}`;
      const hit = cache.get(key);
      if (hit) return { audio: hit, contentType: 'audio/wav' };
      const dir = await mkdtemp(join(tmpdir(), 'agaton-tts-'));
      try {
        const out = join(dir, 'speech.wav');
        // Arguments go straight to execve: no shell, so the text cannot inject anything.
        await run(binary, ['-voice', voice, '-t', text, '-o', out], { timeout: 15_000 });
        const audio = await readFile(out);
        cache.set(key, audio);
        if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
        return { audio, contentType: 'audio/wav' };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
