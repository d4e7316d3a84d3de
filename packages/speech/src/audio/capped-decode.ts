import decode from 'audio-decode';
import { SpeechInputError } from '../types.ts';
import { DENSEST_SAMPLES_PER_BYTE, INPUT_LIMITS } from './input-limits.ts';
import type { AudioProbe } from './probe.ts';
import type { AudioFormat } from './sniff.ts';

/** Mono samples at the rate the file was recorded at. */
export interface SourcePcm {
  samples: Float32Array;
  sampleRate: number;
}

/** How to decode a recording beyond its format and limits. */
export interface DecodeOptions {
  /** Called with the share (0–1) of the input bytes decoded, after each chunk. */
  onProgress?: (fraction: number) => void;
  /**
   * Keep only this channel (0 = left, 1 = right) instead of mixing every channel down: a call
   * recorder's two sides, each transcribed on its own.
   */
  channel?: number;
}

/** The refusal of a channel the recording does not have. */
export function missingChannel(format: AudioFormat, channels: number, channel: number): SpeechInputError {
  return new SpeechInputError(
    'UNSUPPORTED',
    `The ${format} recording has ${channels} channel${channels === 1 ? '' : 's'}; channel ${channel + 1} was asked for.`,
  );
}

/** Mix all channels down to one; browsers record stereo copies of a mono microphone. */
export function downmix(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const out = new Float32Array(channels[0].length);
  for (const ch of channels) for (let i = 0; i < out.length; i++) out[i] += ch[i] / channels.length;
  return out;
}

/**
 * Input bytes per decoder call: as many as the codec can turn into at most
 * {@link INPUT_LIMITS.chunkSamples} samples at its densest, within the chunk bounds.
 */
export function chunkBytes(format: AudioFormat, probe: AudioProbe): number {
  const density = probe.samplesPerByte ?? DENSEST_SAMPLES_PER_BYTE[format];
  const bytes = Math.floor(INPUT_LIMITS.chunkSamples / (density * (probe.channels ?? 2)));
  return Math.min(INPUT_LIMITS.maxChunkBytes, Math.max(INPUT_LIMITS.minChunkBytes, bytes));
}

/**
 * Where to end a chunk at or after `at`. FLAC chunks end just before a frame's sync code:
 * `@audio/decode-flac` loses the frame whose header a chunk boundary splits (measured: 1.5 s lost in
 * 64 s at 320-byte chunks), and no frame header holds the sync pattern after its first two bytes.
 */
function cutAt(bytes: Uint8Array, at: number, format: AudioFormat): number {
  if (format !== 'flac') return at;
  const last = Math.min(bytes.length - 1, at + INPUT_LIMITS.maxChunkBytes);
  for (let p = at; p < last; p++) if (bytes[p] === 0xff && (bytes[p + 1] & 0xfe) === 0xf8) return p;
  return Math.min(at, bytes.length);
}

/**
 * Decode with `audio-decode`'s streaming decoder for the sniffed format, feeding the file in chunks
 * and mixing each chunk's output to mono at once, and stop with TOO_LONG as soon as the decoded
 * audio passes `maxSec` (plus slack). A file whose header lies about its length, or states none,
 * so costs at most the task's limit in samples, never what the file could expand to.
 *
 * With `channel`, only that channel of each chunk is kept instead of the mix; the chunks are the
 * same size, as every channel is still decoded.
 *
 * @throws SpeechInputError TOO_LONG past the limit, CORRUPT when the decoded rate is out of range
 *   or changes mid-stream, UNSUPPORTED when the stream lacks the channel asked for; the decoder's
 *   own errors pass through.
 */
export async function decodeCapped(
  bytes: Uint8Array,
  format: AudioFormat,
  probe: AudioProbe,
  maxSec: number,
  { onProgress, channel }: DecodeOptions = {},
): Promise<SourcePcm> {
  const step = chunkBytes(format, probe);
  const dec = await decode[format]();
  const parts: Float32Array[] = [];
  let total = 0;
  let sampleRate = 0;
  const take = ({ channelData, sampleRate: rate }: { channelData: Float32Array[]; sampleRate: number }) => {
    if (channelData.length === 0) return;
    if (sampleRate === 0) sampleRate = rate;
    if (rate !== sampleRate || rate < INPUT_LIMITS.minSampleRate || rate > INPUT_LIMITS.maxSampleRate) {
      throw new SpeechInputError(
        'CORRUPT',
        `The ${format} stream decodes at ${rate} Hz after ${sampleRate} Hz.`,
      );
    }
    if (channelData.length > INPUT_LIMITS.maxChannels) {
      throw new SpeechInputError('UNSUPPORTED', `The ${format} stream has ${channelData.length} channels.`);
    }
    if (channel !== undefined && channel >= channelData.length)
      throw missingChannel(format, channelData.length, channel);
    const mono = channel === undefined ? downmix(channelData) : channelData[channel];
    parts.push(mono);
    total += mono.length;
    if (total > (maxSec + INPUT_LIMITS.slackSec) * sampleRate) {
      throw new SpeechInputError(
        'TOO_LONG',
        `The recording lasts more than ${maxSec + INPUT_LIMITS.slackSec} s; at most ${maxSec} s is accepted.`,
      );
    }
  };
  try {
    // Copies: some decoders detach the buffer they are given, and callers keep theirs.
    for (let at = 0, end = (probe.headerBytes ?? 0) + step; at < bytes.length; at = end, end += step) {
      end = cutAt(bytes, Math.min(end, bytes.length), format);
      take(await dec(bytes.slice(at, end)));
      onProgress?.(end / bytes.length);
    }
    take(await dec());
  } catch (error) {
    dec.free();
    throw error;
  }
  const samples = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  return { samples, sampleRate };
}
