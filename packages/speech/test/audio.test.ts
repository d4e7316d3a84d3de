import { readFileSync } from 'node:fs';
import decode from 'audio-decode';
import { describe, expect, it } from 'vitest';
import { decodeAudio, decodeAudioWithVoice, TASK_LIMITS } from '../src/audio/decode.ts';
import { decodeOpus16k } from '../src/audio/opus.ts';
import { resample } from '../src/audio/resample.ts';
import { sniffFormat } from '../src/audio/sniff.ts';
import { SpeechInputError } from '../src/types.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const limits = TASK_LIMITS.reading;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    expect(err).toBeInstanceOf(SpeechInputError);
    return (err as SpeechInputError).code;
  }
}

describe('decodeAudio', () => {
  it.each([
    'good-reading.wav',
    'good-reading.webm', // written to a pipe: no duration header, like MediaRecorder output
    'good-reading-stereo.webm',
    'good-reading.ogg',
    'good-reading.mp3',
    'good-reading.m4a',
  ])('decodes %s to 16 kHz mono of the same length and the same speech', async (name) => {
    const { pcm, voiced } = await decodeAudioWithVoice(fixture(name), limits);
    expect(pcm.sampleRate).toBe(16000);
    expect(pcm.durationSec).toBeGreaterThan(3.95);
    expect(pcm.durationSec).toBeLessThan(4.15);
    // The spoken part sits at the same place whatever the codec.
    expect(voiced[0].start).toBeCloseTo(0.73, 1);
    expect(voiced.at(-1)?.end).toBeCloseTo(3.55, 1);
  });

  it('refuses empty, corrupt, unknown, short and silent input with the right code', async () => {
    expect(await codeOf(decodeAudio(new Uint8Array(0), limits))).toBe('EMPTY');
    expect(await codeOf(decodeAudio(fixture('corrupt.webm'), limits))).toBe('CORRUPT');
    expect(await codeOf(decodeAudio(new TextEncoder().encode('%PDF-1.7 not audio at all'), limits))).toBe(
      'UNSUPPORTED',
    );
    expect(await codeOf(decodeAudio(fixture('short.wav'), limits))).toBe('TOO_SHORT');
    expect(await codeOf(decodeAudio(fixture('silent.wav'), limits))).toBe('SILENT');
    expect(await codeOf(decodeAudio(fixture('good-reading.wav'), { minSec: 0.5, maxSec: 3 }))).toBe(
      'TOO_LONG',
    );
    // The coach's recorder needs 2 s: a 4 s reading passes, the 0.3 s clip does not.
    expect(await codeOf(decodeAudio(fixture('good-reading.wav'), TASK_LIMITS['free-speech']))).toBe(
      'resolved',
    );
  });

  it('finds the inserted one-second silences as gaps between voiced segments', async () => {
    const { voiced } = await decodeAudioWithVoice(fixture('flite-paused.wav'), limits);
    expect(voiced).toHaveLength(3);
    expect(voiced[1].start - voiced[0].end).toBeGreaterThan(0.95);
    expect(voiced[2].start - voiced[1].end).toBeGreaterThan(0.95);
  });
});

/** Normalised correlation of two signals over their common length, `b` shifted by `lag` samples. */
function correlation(a: Float32Array, b: Float32Array, lag: number): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 1000; i < Math.min(a.length, b.length) - 1000; i++) {
    ab += a[i] * b[i + lag];
    aa += a[i] * a[i];
    bb += b[i + lag] * b[i + lag];
  }
  return ab / Math.sqrt(aa * bb);
}

describe('decodeOpus16k', () => {
  it.each(['good-reading.webm', 'good-reading-stereo.webm', 'good-reading.ogg'])(
    'decodes %s at 16 kHz in step with the general decoder (encoder delay removed)',
    async (name) => {
      const direct = await decodeOpus16k(fixture(name));
      const dec = await decode[name.endsWith('.ogg') ? 'opus' : 'webm']();
      const full = await dec(fixture(name));
      const reference = resample(full.channelData[0], full.sampleRate, 16000);
      expect(direct).not.toBeNull();
      expect(Math.abs((direct?.length ?? 0) - reference.length)).toBeLessThan(800); // < 50 ms
      // Same waveform at lag 0; an encoder delay left in or cut twice would move it by 104+ samples.
      expect(correlation(reference, direct ?? new Float32Array(0), 0)).toBeGreaterThan(0.95);
      expect(correlation(reference, direct ?? new Float32Array(0), 104)).toBeLessThan(0.9);
    },
  );

  it.each(['good-reading.webm', 'good-reading.ogg'])(
    'decodes what arrived of %s cut off mid-upload',
    async (name) => {
      const whole = fixture(name);
      const cut = await decodeOpus16k(whole.subarray(0, Math.floor(whole.length * 0.6)));
      expect(cut?.length).toBeGreaterThan(0.5 * 4 * 16000);
      expect(cut?.length).toBeLessThan(0.7 * 4 * 16000);
    },
  );

  it('returns (samples, null or an error) on damaged files instead of looping', async () => {
    // 300 damaged copies: bytes overwritten at random, and cut at random. Deterministic seed.
    let seed = 12345;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    for (const name of ['good-reading.webm', 'good-reading.ogg']) {
      const whole = fixture(name);
      for (let i = 0; i < 150; i++) {
        const damaged = whole.slice(0, Math.max(1, Math.floor(whole.length * random())));
        for (let k = 0; k < 8; k++)
          damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        const out = await decodeOpus16k(damaged).catch(() => null);
        // Never more audio than the recording held (4 s), whatever the damage.
        expect(out?.length ?? 0).toBeLessThanOrEqual(4.1 * 16000);
      }
    }
  });

  it('leaves other containers, codecs and broken files to the general decoder', async () => {
    for (const name of ['good-reading.m4a', 'good-reading.mp3', 'good-reading.wav', 'corrupt.webm']) {
      expect(await decodeOpus16k(fixture(name))).toBeNull();
    }
  });
});

describe('sniffFormat', () => {
  it('recognises containers by their magic bytes', () => {
    expect(sniffFormat(fixture('good-reading.webm'))).toBe('webm');
    expect(sniffFormat(fixture('good-reading.ogg'))).toBe('opus');
    expect(sniffFormat(fixture('good-reading.m4a'))).toBe('m4a');
    expect(sniffFormat(fixture('good-reading.mp3'))).toBe('mp3');
    expect(sniffFormat(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))).toBeNull();
  });
});

describe('resample', () => {
  const tone = (hz: number, rate: number, sec = 0.5) =>
    Float32Array.from({ length: rate * sec }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));
  const rms = (x: Float32Array) =>
    Math.sqrt(x.slice(200, -200).reduce((s, v) => s + v * v, 0) / (x.length - 400));

  it('keeps a 1 kHz tone and removes a 12 kHz tone instead of aliasing it to 4 kHz', () => {
    for (const rate of [48000, 44100]) {
      expect(rms(resample(tone(1000, rate), rate, 16000))).toBeCloseTo(Math.SQRT1_2, 2);
      expect(rms(resample(tone(12000, rate), rate, 16000))).toBeLessThan(0.001);
    }
  });
});
