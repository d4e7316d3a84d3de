import { DENSEST_SAMPLES_PER_BYTE } from './input-limits.ts';
import type { AudioProbe } from './probe.ts';
import { corrupt, text, unsupported, view } from './probe-bytes.ts';
import { uint, vint } from './webm.ts';

/** MP4, Ogg and WebM: what their headers declare, read without decoding (see probe.ts). */

const UNKNOWN: AudioProbe = { durationSec: null, sampleRate: null, channels: null };

/** Calls `visit` for each ISO BMFF box in [start, end); a box running past `end` is clipped to it. */
function boxes(
  b: Uint8Array,
  start: number,
  end: number,
  visit: (type: string, body: number, end: number) => void,
) {
  const v = view(b);
  let at = start;
  while (at + 8 <= end) {
    let size = v.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = v.getUint32(at + 8) * 2 ** 32 + v.getUint32(at + 12);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) throw corrupt(`The MP4 box "${text(b, at + 4)}" has an invalid size.`);
    visit(text(b, at + 4), at + header, Math.min(at + size, end));
    at += size;
  }
}

/** Duration in seconds of an mvhd or mdhd box, null when it says "unknown". */
function headerDuration(b: Uint8Array, body: number, end: number): number | null {
  const v = view(b);
  const long = b[body] === 1;
  if (body + (long ? 32 : 20) > end) return null;
  const timescale = v.getUint32(body + (long ? 20 : 12));
  const duration = long ? v.getUint32(body + 24) * 2 ** 32 + v.getUint32(body + 28) : v.getUint32(body + 16);
  if (timescale === 0) throw corrupt('The MP4 header declares a time scale of 0.');
  if (duration === 0 || (!long && duration === 0xffffffff)) return null;
  return duration / timescale;
}

/** MP4/M4A: the sound track's mdhd (else the movie's mvhd) duration and its sample description. */
export function probeMp4(b: Uint8Array): AudioProbe {
  const found: AudioProbe & { movieSec: number | null; codec: string | null; frames: number } = {
    ...UNKNOWN,
    movieSec: null,
    codec: null,
    frames: 0,
  };
  const track = (body: number, end: number) => {
    let sound = false;
    let trackSec: number | null = null;
    let entry: { codec: string; channels: number; rate: number } | null = null;
    const frames = 0;
    const walk = (from: number, to: number) =>
      boxes(b, from, to, (type, inner, innerEnd) => {
        if (type === 'mdia' || type === 'minf' || type === 'stbl') walk(inner, innerEnd);
        else if (type === 'mdhd') trackSec = headerDuration(b, inner, innerEnd);
        else if (type === 'hdlr' && inner + 12 <= innerEnd) sound = text(b, inner + 8) === 'soun';
        else if (type === 'stsd' && inner + 8 + 36 <= innerEnd) {
          const e = inner + 8; // version and flags, entry count; then the first sample entry
          entry = {
            codec: text(b, e + 4),
            channels: view(b).getUint16(e + 24),
            rate: view(b).getUint16(e + 32),
          };
        }
      });
    walk(body, end);
    if (!sound || found.codec !== null) return;
    const e = entry as { codec: string; channels: number; rate: number } | null;
    found.durationSec = trackSec;
    found.codec = e?.codec ?? '';
    // QuickTime version-2 sound descriptions put 1 Hz here and the real rate elsewhere.
    found.sampleRate = e && e.rate > 1 ? e.rate : null;
    found.channels = e ? e.channels : null;
    found.frames = frames;
  };
  let headerBytes: number | undefined;
  boxes(b, 0, b.length, (type, body, end) => {
    if (type !== 'moov') return;
    headerBytes = end;
    boxes(b, body, end, (inner, innerBody, innerEnd) => {
      if (inner === 'mvhd') found.movieSec = headerDuration(b, innerBody, innerEnd);
      else if (inner === 'trak') track(innerBody, innerEnd);
    });
  });
  const densest: Record<string, number> = {
    mp4a: DENSEST_SAMPLES_PER_BYTE.aac,
    '.mp3': DENSEST_SAMPLES_PER_BYTE.mp3,
    Opus: DENSEST_SAMPLES_PER_BYTE.opus,
  };
  let durationSec = found.durationSec ?? found.movieSec;
  // An AAC sample is 1024 samples at the core rate: the sample table bounds what will be decoded
  // even when the headers' durations are zero or lie.
  if (found.codec === 'mp4a' && found.sampleRate && found.frames > 0) {
    durationSec = Math.max(durationSec ?? 0, (found.frames * 1024) / found.sampleRate);
  }
  return {
    durationSec,
    sampleRate: found.sampleRate,
    channels: found.channels,
    samplesPerByte: densest[found.codec ?? ''] ?? DENSEST_SAMPLES_PER_BYTE.m4a,
    headerBytes,
  };
}

/** Ogg (Opus or Vorbis): the first stream's identification header and its last granule position. */
export function probeOgg(b: Uint8Array): AudioProbe {
  if (b.length < 28) throw corrupt('The Ogg file is cut short.');
  const v = view(b);
  const head = 27 + b[26];
  let rate: number;
  let channels: number;
  let preSkip = 0;
  if (text(b, head, 8) === 'OpusHead' && head + 19 <= b.length) {
    rate = 48000; // granule positions count 48 kHz samples whatever the input rate was
    channels = b[head + 9];
    preSkip = v.getUint16(head + 10, true);
  } else if (text(b, head, 7) === '\x01vorbis' && head + 16 <= b.length) {
    channels = b[head + 11];
    rate = v.getUint32(head + 12, true);
  } else {
    throw unsupported('The Ogg file carries neither Opus nor Vorbis.');
  }
  const serial = v.getUint32(14, true);
  let granule = -1;
  for (let at = 0; at + 27 <= b.length && text(b, at) === 'OggS'; ) {
    const low = v.getUint32(at + 6, true);
    const high = v.getUint32(at + 10, true);
    // All ones: no packet ends on this page.
    if (v.getUint32(at + 14, true) === serial && !(low === 0xffffffff && high === 0xffffffff)) {
      granule = high * 2 ** 32 + low;
    }
    let body = at + 27 + b[at + 26];
    for (let i = at + 27; i < at + 27 + b[at + 26] && i < b.length; i++) body += b[i];
    at = body;
  }
  const durationSec = granule > 0 ? Math.max(0, granule - preSkip) / rate : null;
  return { durationSec, sampleRate: rate, channels };
}

const EBML = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  audio: 0xe1,
  samplingFrequency: 0xb5,
  channels: 0x9f,
  cluster: 0x1f43b675,
} as const;
const EBML_CONTAINERS: ReadonlySet<number> = new Set([
  EBML.segment,
  EBML.info,
  EBML.tracks,
  EBML.trackEntry,
  EBML.audio,
]);

/**
 * WebM/Matroska: Info's Duration where the writer declared one (MediaRecorder does not), and the
 * first audio track's rate and channels. Stops at the first Cluster; every step moves forward.
 */
export function probeWebm(b: Uint8Array): AudioProbe {
  const found: AudioProbe = { ...UNKNOWN };
  let scale = 1_000_000; // ns per timecode unit, Matroska's default
  let duration: number | null = null;
  let at = 0;
  while (at < b.length) {
    const id = vint(b, at, true);
    const size = id && vint(b, at + id.length, false);
    if (!id || !size || id.value === EBML.cluster) break;
    const start = at + id.length + size.length;
    if (EBML_CONTAINERS.has(id.value)) {
      at = start;
      continue;
    }
    if (size.value < 0 || start + size.value > b.length) break;
    const end = start + size.value;
    const float = () =>
      size.value === 4 ? view(b).getFloat32(start) : size.value === 8 ? view(b).getFloat64(start) : null;
    if (id.value === EBML.timecodeScale) scale = uint(b, start, end) || scale;
    else if (id.value === EBML.duration) duration = float();
    else if (id.value === EBML.samplingFrequency && found.sampleRate === null) found.sampleRate = float();
    else if (id.value === EBML.channels && found.channels === null) found.channels = uint(b, start, end);
    at = end;
  }
  found.durationSec = duration !== null && duration > 0 ? (duration * scale) / 1e9 : null;
  return found;
}
