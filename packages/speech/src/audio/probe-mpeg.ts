import type { AudioProbe } from './probe.ts';
import { corrupt } from './probe-bytes.ts';
import { id3Length } from './sniff.ts';

// kbit/s by [version 1 | 2 and 2.5][layer I, II, III][index]; index 0 is free format, 15 invalid.
const BITRATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];
const MPEG_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

interface MpegFrame {
  sampleRate: number;
  channels: number;
  samples: number;
  /** Bytes of the frame; 0 for free-format bitrate, which states no length. */
  length: number;
  mpeg1: boolean;
}

/** The MPEG audio frame header at `at`, or null when there is none there. */
function mpegFrame(b: Uint8Array, at: number): MpegFrame | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = 4 - ((b[at + 1] >> 1) & 3); // 1, 2, 3 (4 = reserved)
  const bitrateIndex = b[at + 2] >> 4;
  const rateIndex = (b[at + 2] >> 2) & 3;
  if (version === 1 || layer === 4 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const sampleRate = MPEG_RATES[version][rateIndex];
  const kbps = BITRATES[mpeg1 ? 0 : 1][layer - 1][bitrateIndex];
  const padding = (b[at + 2] >> 1) & 1;
  const channels = b[at + 3] >> 6 === 3 ? 1 : 2;
  const samples = layer === 1 ? 384 : layer === 2 || mpeg1 ? 1152 : 576;
  let length = 0;
  if (kbps > 0) {
    length =
      layer === 1
        ? (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4
        : Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  }
  return { sampleRate, channels, samples, length, mpeg1 };
}

/** Frames stated by a Xing/Info or VBRI header in the first frame, or null. */
function declaredFrames(b: Uint8Array, at: number, frame: MpegFrame): number | null {
  const sideInfo = frame.mpeg1 ? (frame.channels === 1 ? 17 : 32) : frame.channels === 1 ? 9 : 17;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const tag = (o: number) => (o + 4 <= b.length ? String.fromCharCode(...b.subarray(o, o + 4)) : '');
  const xing = at + 4 + sideInfo;
  if ((tag(xing) === 'Xing' || tag(xing) === 'Info') && xing + 12 <= b.length) {
    return view.getUint32(xing + 4) & 1 ? view.getUint32(xing + 8) : null;
  }
  const vbri = at + 36;
  if (tag(vbri) === 'VBRI' && vbri + 18 <= b.length) return view.getUint32(vbri + 14);
  return null;
}

/**
 * MP3: the first frame's rate and channels; the duration from a Xing/Info or VBRI header, else by
 * walking the frames (each header states its length, so this reads 4 bytes per frame). A walk that
 * meets something other than a frame stops there; decoding is capped anyway.
 */
export function probeMp3(b: Uint8Array): AudioProbe {
  const start = id3Length(b);
  const first = mpegFrame(b, start);
  if (!first) throw corrupt('The MP3 file has no valid first frame.');
  const declared = declaredFrames(b, start, first);
  if (declared !== null) {
    return {
      durationSec: (declared * first.samples) / first.sampleRate,
      sampleRate: first.sampleRate,
      channels: first.channels,
    };
  }
  if (first.length === 0)
    return { durationSec: null, sampleRate: first.sampleRate, channels: first.channels };
  let samples = 0;
  let at = start;
  for (let frame: MpegFrame | null = first; frame && frame.length > 0; frame = mpegFrame(b, at)) {
    samples += frame.samples;
    at += frame.length;
  }
  return { durationSec: samples / first.sampleRate, sampleRate: first.sampleRate, channels: first.channels };
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** ADTS AAC: rate and channels from the first header, the duration by walking the frames. */
export function probeAdts(b: Uint8Array): AudioProbe {
  const start = id3Length(b);
  let samples = 0;
  let sampleRate = 0;
  let channels = 0;
  let at = start;
  while (at + 7 <= b.length && b[at] === 0xff && (b[at + 1] & 0xf6) === 0xf0) {
    const rate = ADTS_RATES[(b[at + 2] >> 2) & 0xf];
    const length = ((b[at + 3] & 3) << 11) | (b[at + 4] << 3) | (b[at + 5] >> 5);
    if (!rate || length < 7) break;
    if (at === start) {
      sampleRate = rate;
      channels = ((b[at + 2] & 1) << 2) | (b[at + 3] >> 6);
    }
    samples += ((b[at + 6] & 3) + 1) * 1024;
    at += length;
  }
  if (!sampleRate) throw corrupt('The AAC stream has no valid first frame.');
  // Channel configuration 0 means "stated in the stream", not silence: leave it to the decoder.
  return { durationSec: samples / sampleRate, sampleRate, channels: channels || null };
}
