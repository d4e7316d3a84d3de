import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audioChannels } from '../src/audio/channels.ts';
import { decodeAudioWithVoice, TASK_LIMITS } from '../src/audio/decode.ts';
import { SpeechInputError } from '../src/types.ts';

const work = mkdtempSync(join(tmpdir(), 'agaton-channels-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const READING = new URL('./fixtures/good-reading.wav', import.meta.url).pathname;
const limits = TASK_LIMITS['free-speech'];

/**
 * A two-channel recording made by ffmpeg at test time: the reading on the left, and on the right
 * the same reading 1.5 s later, so each channel's speech sits somewhere else than the mix's.
 * The reading's speech runs from 0.73 s to 3.55 s (audio.test.ts).
 */
function stereo(ext: string, codecArgs: string[]): Uint8Array {
  const out = join(work, `stereo-${codecArgs.join('')}.${ext}`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-i', READING, '-i', READING, '-filter_complex'],
    '[0:a]apad=whole_dur=5.5[l];[1:a]adelay=1500,apad=whole_dur=5.5[r];[l][r]join=inputs=2:channel_layout=stereo[a]',
    ...['-map', '[a]', ...codecArgs, out],
  ]);
  return new Uint8Array(readFileSync(out));
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    expect(err).toBeInstanceOf(SpeechInputError);
    return (err as SpeechInputError).code;
  }
}

describe('decoding one channel of a two-channel recording', () => {
  it.each([
    ['wav', ['-c:a', 'pcm_s16le']],
    ['ogg', ['-c:a', 'libvorbis', '-q:a', '2']],
    ['opus', ['-c:a', 'libopus', '-b:a', '32k']], // Ogg Opus: the direct Opus path
    ['webm', ['-c:a', 'libopus', '-b:a', '32k']],
    ['mp3', ['-c:a', 'libmp3lame', '-b:a', '48k']],
    ['m4a', ['-c:a', 'aac', '-b:a', '48k']],
    ['flac', ['-c:a', 'flac']],
  ] as const)(
    '%s: the left channel, the right channel and the mix each hold their own speech',
    async (ext, args) => {
      const bytes = stereo(ext, [...args]);
      expect(audioChannels(bytes)).toBe(2);

      const left = await decodeAudioWithVoice(bytes, limits, { channel: 0 });
      const right = await decodeAudioWithVoice(bytes, limits, { channel: 1 });
      const mix = await decodeAudioWithVoice(bytes, limits);
      for (const { pcm } of [left, right, mix]) expect(pcm.durationSec).toBeCloseTo(5.5, 0);

      expect(left.voiced[0].start).toBeCloseTo(0.73, 1);
      expect(left.voiced.at(-1)?.end).toBeCloseTo(3.55, 1);
      expect(right.voiced[0].start).toBeCloseTo(2.23, 1);
      expect(right.voiced.at(-1)?.end).toBeCloseTo(5.05, 1);
      expect(mix.voiced[0].start).toBeCloseTo(0.73, 1);
      expect(mix.voiced.at(-1)?.end).toBeCloseTo(5.05, 1);
    },
  );

  it('refuses a channel the recording does not have as UNSUPPORTED', async () => {
    const mono = new Uint8Array(readFileSync(READING));
    expect(audioChannels(mono)).toBe(1);
    expect(await codeOf(decodeAudioWithVoice(mono, limits, { channel: 1 }))).toBe('UNSUPPORTED');
    const opus = stereo('opus', ['-c:a', 'libopus', '-b:a', '32k']);
    expect(await codeOf(decodeAudioWithVoice(opus, limits, { channel: 2 }))).toBe('UNSUPPORTED');
    // A mono channel asked for as channel 0 is the recording itself.
    const { pcm } = await decodeAudioWithVoice(mono, limits, { channel: 0 });
    expect(pcm.durationSec).toBeCloseTo(4, 0);
  });

  it('stops decoding one channel past the limit, whether the length is declared or not', async () => {
    const short = { minSec: 1, maxSec: 3 };
    const flac = stereo('flac', ['-c:a', 'flac']);
    // Declared in STREAMINFO: refused before anything is decoded.
    expect(await codeOf(decodeAudioWithVoice(flac, short, { channel: 1 }))).toBe('TOO_LONG');
    // Undeclared (total samples 0): stopped by the decoding cap.
    const unknown = flac.slice();
    unknown[21] &= 0xf0;
    unknown.fill(0, 22, 26);
    expect(await codeOf(decodeAudioWithVoice(unknown, short, { channel: 1 }))).toBe('TOO_LONG');
    expect((await decodeAudioWithVoice(unknown, limits, { channel: 1 })).pcm.durationSec).toBeCloseTo(5.5, 0);
  });

  it('tells no channels for what is not audio we read', () => {
    expect(audioChannels(new TextEncoder().encode('%PDF-1.7 not audio at all'))).toBeNull();
    expect(audioChannels(new Uint8Array(0))).toBeNull();
  });
});
