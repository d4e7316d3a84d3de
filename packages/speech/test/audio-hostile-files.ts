import { readFileSync } from 'node:fs';

/** Hostile inputs written byte by byte for the audio tests (no committed files needed). */

export const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

/** A RIFF/WAVE file written by hand: a 16-byte fmt chunk with the given fields, then `body`. */
export function wav(o: {
  tag?: number;
  channels?: number;
  rate?: number;
  bits?: number;
  blockAlign?: number;
  dataSize?: number;
  body: Uint8Array;
}): Uint8Array {
  const { tag = 1, channels = 1, rate = 16000, bits = 16, body } = o;
  const blockAlign = o.blockAlign ?? (channels * bits) / 8;
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + body.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(tag, 20);
  head.writeUInt16LE(channels, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE((rate * blockAlign) % 2 ** 32, 28);
  head.writeUInt16LE(blockAlign, 32);
  head.writeUInt16LE(bits, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(o.dataSize ?? body.length, 40);
  return new Uint8Array(Buffer.concat([head, body]));
}

/** Deterministic noise, so a decoder that reached the samples would find "speech" in them. */
export function noise(bytes: number): Uint8Array {
  let seed = 7;
  return Uint8Array.from({ length: bytes }, () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed >> 16;
  });
}

/**
 * 12 MB of one-byte Opus packets (TOC 0xF8: one 20 ms CELT frame, nothing coded), with no length
 * declared anywhere: 33 hours in Ogg, 10 hours in WebM. Written byte by byte after the fixture's
 * own OpusHead.
 */
export function opusFlood(container: 'ogg' | 'webm'): Uint8Array {
  const size = 12 * 1024 * 1024;
  const ogg = fixture('good-reading.ogg');
  if (container === 'ogg') {
    // The fixture's first two pages (OpusHead, OpusTags), then pages of 255 packets, granule 0.
    let headers = 0;
    for (let page = 0; page < 2; page++) {
      const segments = ogg[headers + 26];
      headers +=
        27 + segments + ogg.subarray(headers + 27, headers + 27 + segments).reduce((a, b) => a + b, 0);
    }
    const page = new Uint8Array(27 + 255 + 255);
    page.set(ogg.subarray(0, 27)); // capture pattern, serial…
    page.fill(0, 5, 14); // no flags, granule position 0
    page[26] = 255;
    page.fill(1, 27, 27 + 255).fill(0xf8, 27 + 255);
    const out = new Uint8Array(size);
    out.set(ogg.subarray(0, headers));
    for (let at = headers; at + page.length <= size; at += page.length) out.set(page, at);
    return out;
  }
  const opusHead = ogg.subarray(28, 28 + 19); // the first page holds only OpusHead
  const element = (id: number[], body: Uint8Array | number[]) => [...id, 0x80 | body.length, ...body];
  const head = [
    ...element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], [...Buffer.from('webm')])),
    ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // Segment, unknown size
    ...element(
      [0x16, 0x54, 0xae, 0x6b],
      element(
        [0xae],
        [
          ...element([0xd7], [1]),
          ...element([0x83], [2]),
          ...element([0x86], [...Buffer.from('A_OPUS')]),
          ...element([0x63, 0xa2], opusHead),
        ],
      ),
    ),
    ...[0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // Cluster, unknown size
  ];
  const block = element([0xa3], [0x81, 0, 0, 0x80, 0xf8]); // track 1, timecode 0, keyframe, one TOC byte
  const out = new Uint8Array(size);
  out.set(head);
  for (let at = head.length; at + block.length <= size; at += block.length) out.set(block, at);
  return out;
}
