/**
 * Just enough WebM (Matroska) demuxing to pull the Opus packets out of a browser recording: Chromium's
 * and Edge's MediaRecorder write one Opus track in SimpleBlocks, with unknown-size Segment and
 * Clusters. Anything unusual (laced blocks, no OpusHead, no Opus track) returns null and the caller
 * uses the general decoder. The walk moves forward on every step, so no input can make it loop.
 */

const ID = {
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;

/** Elements whose children we walk into (their sizes may be "unknown" in live recordings). */
const CONTAINERS: ReadonlySet<number> = new Set([
  ID.segment,
  ID.tracks,
  ID.trackEntry,
  ID.cluster,
  ID.blockGroup,
]);

const AUDIO_TRACK = 2;

interface Track {
  number: number;
  type: number;
  codec: string;
  codecPrivate: Uint8Array | null;
}

/** What an Opus decoder needs from a container. */
export interface OpusPackets {
  /** The stream's OpusHead (RFC 7845 section 5.1); in WebM, the track's CodecPrivate. */
  opusHead: Uint8Array;
  /** Opus packets in file order. */
  packets: Uint8Array[];
}

/** An EBML variable-length integer at `at`: its value (marker bit kept for IDs) and byte length. */
export function vint(
  bytes: Uint8Array,
  at: number,
  keepMarker: boolean,
): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1 for 0b1xxxxxxx … 8 for 0b00000001
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    allOnes &&= bytes[at + i] === 0xff;
  }
  // All value bits set means "unknown size".
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

/** A big-endian unsigned integer element body. */
export function uint(bytes: Uint8Array, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 256 + bytes[i];
  return value;
}

/**
 * The Opus track's header and packets, or null when this is not a plain WebM/Opus recording.
 * `onAudio` sees each block of the audio track as it is read (every block while the tracks are
 * still unknown) and may throw to stop the walk.
 */
export function webmOpusPackets(
  bytes: Uint8Array,
  onAudio: (packet: Uint8Array) => void = () => undefined,
): OpusPackets | null {
  const tracks: Track[] = [];
  const blocks: { track: number; payload: Uint8Array }[] = [];
  let track: Track | null = null;
  let at = 0;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    if (!id) return null;
    const size = vint(bytes, at + id.length, false);
    if (!size) break; // a recording cut off mid-header: keep what came before
    const start = at + id.length + size.length;
    if (CONTAINERS.has(id.value)) {
      if (id.value === ID.trackEntry) {
        track = { number: 0, type: 0, codec: '', codecPrivate: null };
        tracks.push(track);
      }
      at = start;
      continue;
    }
    if (size.value < 0) return null; // only containers may have unknown sizes
    const end = start + size.value;
    if (end > bytes.length) break; // cut off mid-element: keep what came before
    if (id.value === ID.simpleBlock || id.value === ID.block) {
      const number = vint(bytes, start, false);
      if (!number || start + number.length + 3 > end) return null;
      const flags = bytes[start + number.length + 2];
      if (flags & 0x06) return null; // laced: not what browsers write
      const payload = bytes.subarray(start + number.length + 3, end);
      const audio = tracks.find((t) => t.type === AUDIO_TRACK);
      if (!audio || (audio.codec === 'A_OPUS' && audio.number === number.value)) onAudio(payload);
      blocks.push({ track: number.value, payload });
    } else if (track) {
      if (id.value === ID.trackNumber) track.number = uint(bytes, start, end);
      else if (id.value === ID.trackType) track.type = uint(bytes, start, end);
      else if (id.value === ID.codecId) track.codec = new TextDecoder().decode(bytes.subarray(start, end));
      else if (id.value === ID.codecPrivate) track.codecPrivate = bytes.subarray(start, end);
    }
    at = end;
  }
  const audio = tracks.find((t) => t.type === AUDIO_TRACK);
  if (audio?.codec !== 'A_OPUS' || !audio.codecPrivate) return null;
  const packets = blocks.filter((b) => b.track === audio.number).map((b) => b.payload);
  return packets.length > 0 ? { opusHead: audio.codecPrivate, packets } : null;
}
