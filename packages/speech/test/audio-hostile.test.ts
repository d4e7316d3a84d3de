import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAudio, TASK_LIMITS } from '../src/audio/decode.ts';
import { probeAudio } from '../src/audio/probe.ts';
import { sniffFormat } from '../src/audio/sniff.ts';
import { SpeechInputError } from '../src/types.ts';
import { fixture, noise, opusFlood, wav } from './audio-hostile-files.ts';

const limits = TASK_LIMITS.reading; // 120 s

async function codeOf(bytes: Uint8Array): Promise<string> {
  try {
    await decodeAudio(bytes, limits);
    return 'resolved';
  } catch (err) {
    if (!(err instanceof SpeechInputError)) throw err;
    return err.code;
  }
}

const work = mkdtempSync(join(tmpdir(), 'agaton-hostile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Silence encoded by ffmpeg at test time (an hour is 0.5–4 MB, too big to commit): `seconds` of
 * `anullsrc` at `rate` Hz mono, encoded with `codec` and its extra arguments.
 */
function silence(seconds: number, rate: number, ext: string, codecArgs: string[]): Uint8Array {
  const out = join(work, `silence-${seconds}-${rate}-${codecArgs.join('')}.${ext}`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `anullsrc=r=${rate}:cl=mono`, '-t', String(seconds)],
    ...codecArgs,
    out,
  ]);
  return new Uint8Array(readFileSync(out));
}

describe('hostile WAV headers are refused before decoding', () => {
  it('refuses the 83 KB WAV that claims 1 Hz and 0xFFFFFFF0 bytes of data as CORRUPT', async () => {
    expect(await codeOf(wav({ rate: 1, dataSize: 0xfffffff0, body: noise(83_000) }))).toBe('CORRUPT');
  });

  it.each([
    ['IMA ADPCM', { tag: 0x11, bits: 4, blockAlign: 256 }, 'UNSUPPORTED'],
    ['Microsoft ADPCM', { tag: 0x02, bits: 4, blockAlign: 256 }, 'UNSUPPORTED'],
    ['MP3 in WAV (tag 0x55)', { tag: 0x55 }, 'UNSUPPORTED'],
    ['12-bit PCM', { bits: 12, blockAlign: 2 }, 'UNSUPPORTED'],
    ['nine channels', { channels: 9 }, 'UNSUPPORTED'],
    ['no channels', { channels: 0, blockAlign: 2 }, 'CORRUPT'],
    ['a block size that does not match the channels and bits', { blockAlign: 7 }, 'CORRUPT'],
    ['4 GHz', { rate: 0xfffffff0 }, 'CORRUPT'],
  ])('refuses %s', async (_name, fields, code) => {
    expect(await codeOf(wav({ ...fields, body: noise(64_000) }))).toBe(code);
  });

  it('refuses a WAV without a data chunk, or with a fmt chunk cut short, as CORRUPT', async () => {
    const whole = wav({ body: noise(1000) });
    const noData = whole.slice();
    noData.set([0x4c, 0x49, 0x53, 0x54], 36); // "data" renamed "LIST", its size the rest of the file
    expect(await codeOf(noData)).toBe('CORRUPT');
    expect(await codeOf(whole.slice(0, 30))).toBe('CORRUPT');
  });

  it('reads a WAV whose declared data size runs past the end as the bytes that arrived', async () => {
    const good = fixture('good-reading.wav');
    const cut = good.slice();
    new DataView(cut.buffer).setUint32(40, 0xfffffff0, true); // a writer's placeholder, or an interrupted upload
    const pcm = await decodeAudio(cut, limits);
    expect(pcm.durationSec).toBeCloseTo(4.01, 1);
  });

  it('refuses a WAV longer than the limit from its size, without decoding it', async () => {
    const long = wav({ rate: 8000, bits: 8, body: new Uint8Array(8000 * 130) });
    expect(probeAudio(long, 'wav').durationSec).toBe(130);
    expect(await codeOf(long)).toBe('TOO_LONG');
  });
});

describe('long silence is refused from its headers, or by the cap while decoding', () => {
  it('refuses an hour of FLAC silence from STREAMINFO, and without it by the decoding cap', async () => {
    const flac = silence(3600, 8000, 'flac', ['-c:a', 'flac']);
    expect(probeAudio(flac, 'flac').durationSec).toBe(3600);
    expect(await codeOf(flac)).toBe('TOO_LONG');
    const unknown = flac.slice();
    unknown.fill(0, 21, 26); // STREAMINFO total samples 0: "unknown", as a streaming encoder writes
    unknown[21] = flac[21] & 0xf0;
    expect(probeAudio(unknown, 'flac').durationSec).toBeNull();
    expect(await codeOf(unknown)).toBe('TOO_LONG');
  }, 60_000);

  it('refuses an hour of MP3 silence by its Xing header, its frame count, and the decoding cap', async () => {
    const mp3 = silence(3600, 8000, 'mp3', ['-c:a', 'libmp3lame', '-b:a', '8k']);
    expect(probeAudio(mp3, 'mp3').durationSec).toBeCloseTo(3600, -1);
    expect(await codeOf(mp3)).toBe('TOO_LONG');
    const plain = silence(3600, 8000, 'mp3', ['-c:a', 'libmp3lame', '-b:a', '8k', '-write_xing', '0']);
    expect(probeAudio(plain, 'mp3').durationSec).toBeCloseTo(3600, -1); // counted frame by frame
    expect(await codeOf(plain)).toBe('TOO_LONG');
    // A Xing header that lies (100 frames, 7 s): decoding stops at the limit instead.
    const lying = mp3.slice();
    const head = Buffer.from(lying.buffer);
    const xing = Math.max(head.indexOf('Xing'), head.indexOf('Info'));
    new DataView(lying.buffer).setUint32(xing + 8, 100);
    expect(probeAudio(lying, 'mp3').durationSec).toBeLessThan(10);
    expect(await codeOf(lying)).toBe('TOO_LONG');
  }, 60_000);

  it.each([
    ['Opus in Ogg', 'ogg', ['-c:a', 'libopus', '-b:a', '6k']],
    ['Opus in WebM', 'webm', ['-c:a', 'libopus', '-b:a', '6k']],
    ['Vorbis in Ogg', 'oga', ['-c:a', 'libvorbis']],
    ['AAC in MP4', 'm4a', ['-c:a', 'aac']],
  ])(
    'refuses 200 s of %s silence for a 120 s task',
    async (_name, ext, args) => {
      expect(await codeOf(silence(200, ext.endsWith('a') ? 16000 : 48000, ext, args))).toBe('TOO_LONG');
    },
    60_000,
  );
});

describe('floods of tiny Opus packets', () => {
  it.each(['ogg', 'webm'] as const)(
    'refuse 12 MB of one-byte packets in %s while reading them',
    async (container) => {
      const flood = opusFlood(container);
      expect(sniffFormat(flood)).toBe(container === 'ogg' ? 'opus' : 'webm');
      expect(probeAudio(flood, container === 'ogg' ? 'opus' : 'webm').durationSec).toBeNull();
      expect(await codeOf(flood)).toBe('TOO_LONG');
    },
  );
});

describe('chunked decoding', () => {
  it('decodes a 16 s FLAC in chunks without losing a frame', async () => {
    const out = join(work, 'speech.flac');
    const input = fileURLToPath(new URL('./fixtures/good-reading.wav', import.meta.url));
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-stream_loop',
      '3',
      '-i',
      input,
      '-ac',
      '2',
      '-ar',
      '48000',
      out,
    ]);
    const pcm = await decodeAudio(new Uint8Array(readFileSync(out)), limits);
    const once = await decodeAudio(fixture('good-reading.wav'), limits);
    // @audio/decode-flac drops a frame whose header a chunk boundary splits: chunks end at frames.
    expect(Math.abs(pcm.samples.length - 4 * once.samples.length)).toBeLessThan(20);
  }, 30_000);
});

describe('damaged headers', () => {
  it('give an answer or a SpeechInputError, never another error or more audio than the limit', async () => {
    let seed = 99;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (const name of ['good-reading.wav', 'good-reading.mp3', 'good-reading.m4a', 'good-reading.ogg']) {
      const whole = fixture(name);
      for (let i = 0; i < 25; i++) {
        const damaged = whole.slice();
        for (let k = 0; k < 4; k++) damaged[Math.floor(random() * 64)] = Math.floor(random() * 256);
        if (!sniffFormat(damaged)) continue;
        const pcm = await decodeAudio(damaged, limits).catch((err) => {
          expect(err).toBeInstanceOf(SpeechInputError);
          return null;
        });
        expect(pcm?.durationSec ?? 0).toBeLessThanOrEqual(limits.maxSec);
      }
    }
  }, 60_000);
});
