import { INPUT_LIMITS } from './input-limits.ts';
import { corrupt, text, unsupported, view } from './probe-bytes.ts';
import { probeMp4, probeOgg, probeWebm } from './probe-containers.ts';
import { probeAdts, probeMp3 } from './probe-mpeg.ts';
import type { AudioFormat } from './sniff.ts';
import { id3Length } from './sniff.ts';

/** What a container's headers state about its audio; null where they do not say. */
export interface AudioProbe {
  /** Declared (or, for MP3 and ADTS, counted from frame headers) duration in seconds. */
  durationSec: number | null;
  sampleRate: number | null;
  channels: number | null;
  /**
   * The most samples one input byte can decode to, per channel, where the header narrows the
   * codec's worst case (the codec an MP4 carries).
   */
  samplesPerByte?: number;
  /**
   * Bytes from the start the decoder needs before it can decode anything (FLAC's metadata, an MP4's
   * moov wherever it sits): the first chunk reaches that far.
   */
  headerBytes?: number;
}

/**
 * Read what the container declares (sample rate, channels, sizes, codec, duration) without
 * decoding, and refuse what no recording has or what we do not decode. Reads headers and frame
 * headers only: microseconds, whatever the file claims.
 *
 * @throws SpeechInputError CORRUPT for impossible headers, UNSUPPORTED for codecs we do not read.
 */
export function probeAudio(bytes: Uint8Array, format: AudioFormat): AudioProbe {
  const probe = PROBES[format](bytes);
  const { sampleRate, channels } = probe;
  if (
    sampleRate !== null &&
    (sampleRate < INPUT_LIMITS.minSampleRate || sampleRate > INPUT_LIMITS.maxSampleRate)
  ) {
    throw corrupt(
      `The ${format} header declares ${sampleRate} Hz; recordings are ${INPUT_LIMITS.minSampleRate}–${INPUT_LIMITS.maxSampleRate} Hz.`,
    );
  }
  if (channels !== null && channels < 1) throw corrupt(`The ${format} header declares no channels.`);
  if (channels !== null && channels > INPUT_LIMITS.maxChannels) {
    throw unsupported(
      `The ${format} file has ${channels} channels; at most ${INPUT_LIMITS.maxChannels} are read.`,
    );
  }
  if (probe.durationSec !== null && !(probe.durationSec >= 0 && Number.isFinite(probe.durationSec))) {
    return { ...probe, durationSec: null };
  }
  return probe;
}

/** Whether a declared duration is past the task's maximum (with the slack for encoder padding). */
export function declaredTooLong(probe: AudioProbe, maxSec: number): boolean {
  return probe.durationSec !== null && probe.durationSec > maxSec + INPUT_LIMITS.slackSec;
}

/** WAVE format tags `audio-decode` reads, and the bit depths each may have. */
const WAV_CODECS: Record<number, readonly number[]> = { 1: [8, 16, 24, 32], 3: [32, 64], 6: [8], 7: [8] };
const WAV_ADPCM: Record<number, string> = { 2: 'Microsoft ADPCM', 17: 'IMA ADPCM' };

/** RIFF/WAVE: the fmt chunk checked against itself, the duration from the data actually present. */
function probeWav(b: Uint8Array): AudioProbe {
  const v = view(b);
  let at = 12;
  let fmt: { tag: number; channels: number; sampleRate: number; blockAlign: number; bits: number } | null =
    null;
  while (at + 8 <= b.length) {
    const id = text(b, at);
    const size = v.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > b.length) throw corrupt('The WAV fmt chunk is cut short.');
      let tag = v.getUint16(body, true);
      if (tag === 0xfffe && size >= 40) tag = v.getUint16(body + 24, true); // EXTENSIBLE: the SubFormat
      fmt = {
        tag,
        channels: v.getUint16(body + 2, true),
        sampleRate: v.getUint32(body + 4, true),
        blockAlign: v.getUint16(body + 12, true),
        bits: v.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt) throw corrupt('The WAV file has audio data before its fmt chunk.');
      return wavProbe(fmt, Math.min(size || Number.POSITIVE_INFINITY, b.length - body));
    }
    // Chunks are word-aligned; a chunk running past the end leaves no data chunk to find.
    at = body + size + (size & 1);
  }
  throw corrupt('The WAV file has no audio data chunk.');
}

function wavProbe(
  fmt: { tag: number; channels: number; sampleRate: number; blockAlign: number; bits: number },
  dataBytes: number,
): AudioProbe {
  const { tag, channels, sampleRate, blockAlign, bits } = fmt;
  if (WAV_ADPCM[tag]) throw unsupported(`${WAV_ADPCM[tag]} WAV is not read; send PCM WAV.`);
  const depths = WAV_CODECS[tag];
  if (!depths) throw unsupported(`WAV format tag 0x${tag.toString(16)} is not read; send PCM WAV.`);
  if (!depths.includes(bits)) throw unsupported(`${bits}-bit WAV of format tag ${tag} is not read.`);
  // A declared data size past the end of the file is an interrupted upload (or a streaming
  // writer's placeholder): the duration counts the bytes that arrived.
  if (channels > 0 && blockAlign !== (channels * bits) / 8) {
    throw corrupt(`The WAV header's block size (${blockAlign}) does not match ${channels} × ${bits} bits.`);
  }
  const durationSec = channels > 0 && sampleRate > 0 ? Math.floor(dataBytes / blockAlign) / sampleRate : null;
  return { durationSec, sampleRate, channels };
}

/** FLAC: STREAMINFO, which must come first (RFC 9639 section 8.2). */
function probeFlac(b: Uint8Array): AudioProbe {
  const start = text(b, 0) === 'fLaC' ? 0 : id3Length(b);
  const s = start + 8;
  if (s + 18 > b.length || (b[start + 4] & 0x7f) !== 0)
    throw corrupt('The FLAC file does not start with STREAMINFO.');
  const v = view(b);
  const maxBlock = v.getUint16(s + 2);
  const sampleRate = (b[s + 10] << 12) | (b[s + 11] << 4) | (b[s + 12] >> 4);
  const channels = ((b[s + 12] >> 1) & 7) + 1;
  const bits = (((b[s + 12] & 1) << 4) | (b[s + 13] >> 4)) + 1;
  const total = (b[s + 13] & 0xf) * 2 ** 32 + v.getUint32(s + 14);
  if (maxBlock < 16 || bits < 4) throw corrupt('The FLAC STREAMINFO block is invalid.');
  let headerBytes = start + 4;
  for (let last = false; !last && headerBytes + 4 <= b.length; ) {
    last = (b[headerBytes] & 0x80) !== 0;
    headerBytes += 4 + ((b[headerBytes + 1] << 16) | (b[headerBytes + 2] << 8) | b[headerBytes + 3]);
  }
  // Total samples 0 means "unknown" (a streamed encoder); decoding is capped then.
  const durationSec = total > 0 && sampleRate > 0 ? total / sampleRate : null;
  return { durationSec, sampleRate, channels, headerBytes: Math.min(headerBytes, b.length) };
}

const PROBES: Record<AudioFormat, (bytes: Uint8Array) => AudioProbe> = {
  wav: probeWav,
  flac: probeFlac,
  mp3: probeMp3,
  aac: probeAdts,
  m4a: probeMp4,
  oga: probeOgg,
  opus: probeOgg,
  webm: probeWebm,
};
