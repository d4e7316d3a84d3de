import decode from 'audio-decode';
import { type Pcm16k, SpeechInputError, type SpeechTask } from '../types.ts';
import { decodeOpus16k } from './opus.ts';
import { resample } from './resample.ts';
import { type AudioFormat, sniffFormat } from './sniff.ts';
import { detectVoice, type VoicedSegment, voicedSeconds } from './vad.ts';

export interface DurationLimits {
  /** Shorter recordings are refused with TOO_SHORT (seconds). */
  minSec: number;
  /** Longer recordings are refused with TOO_LONG (seconds). */
  maxSec: number;
}

/**
 * Limits per task. Spec: the demo rejects reading under 500 ms; the coach's recorder discards
 * anything under 2 s; meetings run to at least an hour (we accept four).
 */
export const TASK_LIMITS: Record<SpeechTask, DurationLimits> = {
  reading: { minSec: 0.5, maxSec: 120 },
  'free-speech': { minSec: 2, maxSec: 600 },
  meeting: { minSec: 2, maxSec: 4 * 3600 },
};

/** Less voiced time than this is a silent (or noise-only) recording. */
const MIN_VOICED_SEC = 0.15;

/** Mix all channels down to one; browsers record stereo copies of a mono microphone. */
function downmix(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const out = new Float32Array(channels[0].length);
  for (const ch of channels) for (let i = 0; i < out.length; i++) out[i] += ch[i] / channels.length;
  return out;
}

/** Wrap 16 kHz samples as {@link Pcm16k}. */
export function toPcm16k(samples: Float32Array): Pcm16k {
  return { samples, sampleRate: 16000, durationSec: samples.length / 16000 };
}

/**
 * Refuse audio that is too short, too long or holds no speech; return its voiced segments. Used on
 * decoded files and on PCM handed in directly, so both paths fail the same way.
 */
export function checkSpeech(pcm: Pcm16k, limits: DurationLimits): VoicedSegment[] {
  if (pcm.samples.length === 0) throw new SpeechInputError('EMPTY', 'The recording holds no audio.');
  if (pcm.durationSec > limits.maxSec) {
    throw new SpeechInputError(
      'TOO_LONG',
      `The recording lasts ${pcm.durationSec.toFixed(1)} s; at most ${limits.maxSec} s is accepted.`,
    );
  }
  if (pcm.durationSec < limits.minSec) {
    throw new SpeechInputError(
      'TOO_SHORT',
      `The recording lasts ${pcm.durationSec.toFixed(2)} s; at least ${limits.minSec} s is needed.`,
    );
  }
  const voiced = detectVoice(pcm);
  if (voicedSeconds(voiced) < MIN_VOICED_SEC) {
    throw new SpeechInputError('SILENT', 'No speech was heard in the recording.');
  }
  return voiced;
}

/**
 * Decode a recording (webm/opus including MediaRecorder files without a duration header, ogg,
 * mp4/m4a/aac, mp3, wav, flac) to 16 kHz mono, and check it against the task's limits.
 *
 * @throws SpeechInputError EMPTY, UNSUPPORTED, CORRUPT, TOO_SHORT, TOO_LONG or SILENT.
 */
export async function decodeAudio(bytes: Uint8Array, limits: DurationLimits): Promise<Pcm16k> {
  return (await decodeAudioWithVoice(bytes, limits)).pcm;
}

/** {@link decodeAudio} that also returns the voiced segments it found. */
export async function decodeAudioWithVoice(
  bytes: Uint8Array,
  limits: DurationLimits,
): Promise<{ pcm: Pcm16k; voiced: VoicedSegment[] }> {
  if (bytes.byteLength === 0) throw new SpeechInputError('EMPTY', 'The recording is empty.');
  const format = sniffFormat(bytes);
  if (!format) {
    throw new SpeechInputError(
      'UNSUPPORTED',
      'The file is not an audio format we read (webm, ogg, mp4, mp3, wav).',
    );
  }
  let samples: Float32Array;
  try {
    samples = await decodeTo16k(bytes, format);
  } catch (err) {
    throw new SpeechInputError(
      'CORRUPT',
      `The ${format} file could not be decoded: ${(err as Error).message}`,
    );
  }
  if (samples.length === 0) {
    throw new SpeechInputError('CORRUPT', `The ${format} file holds no decodable audio.`);
  }
  for (let i = 0; i < samples.length; i++) {
    if (!Number.isFinite(samples[i])) samples[i] = 0;
  }
  const pcm = toPcm16k(samples);
  return { pcm, voiced: checkSpeech(pcm, limits) };
}

/** Mono 16 kHz samples: Opus by the direct path when it takes the file, else `audio-decode`. */
async function decodeTo16k(bytes: Uint8Array, format: AudioFormat): Promise<Float32Array> {
  const opus = await decodeOpus16k(bytes, format).catch(() => null);
  if (opus && opus.length > 0) return opus;
  const decoded = await decodeBytes(bytes, format);
  const rate = decoded.sampleRate;
  if (decoded.channelData.length === 0 || !(rate > 0)) return new Float32Array(0);
  return resample(downmix(decoded.channelData), rate, 16000);
}

/** Decode with the decoder our sniffing chose (audio-decode's own guess calls WebM "mkv"). */
async function decodeBytes(bytes: Uint8Array, format: AudioFormat) {
  // Copy: some decoders detach the buffer they are given, and callers keep theirs.
  const copy = new Uint8Array(bytes);
  const dec = await decode[format]();
  try {
    const head = await dec(copy);
    const tail = await dec();
    return concat(head, tail);
  } catch (err) {
    dec.free();
    throw err;
  }
}

function concat(
  a: { channelData: Float32Array[]; sampleRate: number },
  b: { channelData: Float32Array[]; sampleRate: number },
) {
  if (!b.channelData.length) return a;
  if (!a.channelData.length) return b;
  return {
    sampleRate: a.sampleRate,
    channelData: a.channelData.map((ch, i) => {
      const other = b.channelData[i] ?? new Float32Array(0);
      const out = new Float32Array(ch.length + other.length);
      out.set(ch);
      out.set(other, ch.length);
      return out;
    }),
  };
}
