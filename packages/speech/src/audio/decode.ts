import { type Pcm16k, SpeechInputError, type SpeechTask } from '../types.ts';
import { type DecodeOptions, decodeCapped, missingChannel } from './capped-decode.ts';
import { decodeOpus16k } from './opus.ts';
import { type AudioProbe, declaredTooLong, probeAudio } from './probe.ts';
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
 * Hostile files cost next to nothing: the container's headers are checked first (rate, channels,
 * sizes, codec) and a declared duration past the limit is refused before decoding; decoding then
 * stops as soon as the audio passes the limit, whatever the header said (docs/decisions/009).
 *
 * @throws SpeechInputError EMPTY, UNSUPPORTED, CORRUPT, TOO_SHORT, TOO_LONG or SILENT.
 */
export async function decodeAudio(bytes: Uint8Array, limits: DurationLimits): Promise<Pcm16k> {
  return (await decodeAudioWithVoice(bytes, limits)).pcm;
}

/**
 * {@link decodeAudio} that also returns the voiced segments it found. `options.onProgress` is told
 * the share (0–1) of the file decoded as the general decoder's chunks complete (the direct Opus path
 * decodes in one call and reports nothing); `options.channel` decodes that channel alone.
 *
 * @throws SpeechInputError as {@link decodeAudio}, and UNSUPPORTED when the recording lacks the
 *   channel asked for.
 */
export async function decodeAudioWithVoice(
  bytes: Uint8Array,
  limits: DurationLimits,
  options: DecodeOptions = {},
): Promise<{ pcm: Pcm16k; voiced: VoicedSegment[] }> {
  const { channel } = options;
  if (channel !== undefined && !(Number.isInteger(channel) && channel >= 0)) {
    throw new TypeError(`channel must be a whole number from 0, not ${channel}.`);
  }
  if (bytes.byteLength === 0) throw new SpeechInputError('EMPTY', 'The recording is empty.');
  const format = sniffFormat(bytes);
  if (!format) {
    throw new SpeechInputError(
      'UNSUPPORTED',
      'The file is not an audio format we read (webm, ogg, mp4, mp3, wav).',
    );
  }
  const probe = probeAudio(bytes, format);
  if (declaredTooLong(probe, limits.maxSec)) {
    throw new SpeechInputError(
      'TOO_LONG',
      `The ${format} file declares ${probe.durationSec?.toFixed(1)} s; at most ${limits.maxSec} s is accepted.`,
    );
  }
  if (channel !== undefined && probe.channels !== null && channel >= probe.channels) {
    throw missingChannel(format, probe.channels, channel);
  }
  let samples: Float32Array;
  try {
    samples = await decodeTo16k(bytes, format, probe, limits.maxSec, options);
  } catch (err) {
    if (err instanceof SpeechInputError) throw err;
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

/**
 * Mono 16 kHz samples: Opus by the direct path when it takes the file, else `audio-decode` in
 * capped chunks and the resampler.
 */
async function decodeTo16k(
  bytes: Uint8Array,
  format: AudioFormat,
  probe: AudioProbe,
  maxSec: number,
  options: DecodeOptions,
): Promise<Float32Array> {
  const opus = await decodeOpus16k(bytes, format, maxSec, options.channel).catch((error) => {
    if (error instanceof SpeechInputError) throw error;
    return null; // a file the direct path cannot read goes to the general decoder
  });
  if (opus && opus.length > 0) return opus;
  const decoded = await decodeCapped(bytes, format, probe, maxSec, options);
  if (decoded.samples.length === 0 || !(decoded.sampleRate > 0)) return new Float32Array(0);
  return resample(decoded.samples, decoded.sampleRate, 16000);
}
