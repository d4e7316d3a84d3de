import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env.ts';
import { createCallTranscriber } from './qa-transcribe.ts';

/**
 * fixtures/call-stereo.wav (two flite voices: left the agent, right the customer) encoded as Ogg
 * Opus with ffmpeg: `ffmpeg -i call-stereo.wav -c:a libopus -b:a 32k call-stereo.ogg` (26 KB).
 */
const STEREO_OGG = new Uint8Array(readFileSync(new URL('./fixtures/call-stereo.ogg', import.meta.url)));

const dataDir = mkdtempSync(join(tmpdir(), 'agaton-qa-transcribe-'));
const transcriber = createCallTranscriber({
  // As in the api test harness: not niced behind the test files running beside it (a niced pool
  // starved past this test's 5 minutes on a loaded CI machine).
  config: loadConfig({ DATA_DIR: dataDir, BACKGROUND_NICENESS: '0' }),
});
afterAll(async () => {
  await transcriber.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('call recordings transcribed by the speech engine', () => {
  it('splits a two-channel Ogg recording like a WAV one: left the agent, right the customer', async () => {
    const { lines, durationSeconds } = await transcriber.transcribe(STEREO_OGG);
    const said = (speaker: string) =>
      lines
        .filter((l) => l.speaker === speaker)
        .map((l) => l.text)
        .join(' ');
    expect(lines.every((l) => l.speaker === 'AGENT' || l.speaker === 'CUSTOMER')).toBe(true);
    expect(said('AGENT')).toMatch(/thank you/);
    expect(said('AGENT')).toMatch(/calling/);
    expect(said('CUSTOMER')).toMatch(/please/);
    expect(said('CUSTOMER')).not.toMatch(/thank/);
    // The agent speaks first, the customer after.
    expect(lines[0].speaker).toBe('AGENT');
    expect(lines.at(-1)?.speaker).toBe('CUSTOMER');
    expect(durationSeconds).toBeGreaterThan(5);
  }, 300_000);
});
