import type { OpusPackets } from './webm.ts';

/**
 * The Opus packets of an Ogg/Opus file (RFC 7845; what Firefox records), from its first logical
 * stream. Returns null when that stream is not Opus or the file is not Ogg; a file cut off mid-page
 * keeps the packets before the cut. Every step moves forward, so no input can make it loop.
 * `onAudio` sees each audio packet as it is read (and may throw to stop the walk).
 */
export function oggOpusPackets(
  bytes: Uint8Array,
  onAudio: (packet: Uint8Array) => void = () => undefined,
): OpusPackets | null {
  const packets: Uint8Array[] = [];
  let serial: number | null = null;
  let partial: Uint8Array[] = [];
  let opus = false;
  let at = 0;
  while (at + 27 <= bytes.length) {
    if (bytes[at] !== 0x4f || bytes[at + 1] !== 0x67 || bytes[at + 2] !== 0x67 || bytes[at + 3] !== 0x53) {
      return null; // not "OggS": not a page boundary
    }
    const pageSerial = new DataView(bytes.buffer, bytes.byteOffset + at + 14, 4).getUint32(0, true);
    const segments = bytes[at + 26];
    const table = bytes.subarray(at + 27, at + 27 + segments);
    let body = at + 27 + segments;
    if (serial === null) serial = pageSerial;
    for (const lacing of table) {
      const end = body + lacing;
      if (end > bytes.length) return result(packets); // cut off: drop the incomplete packet
      if (pageSerial === serial) partial.push(bytes.subarray(body, end));
      body = end;
      // A lacing value under 255 ends the packet; 255 means it continues (possibly on the next page).
      if (lacing < 255 && pageSerial === serial) {
        const packet = partial.length === 1 ? partial[0] : Buffer.concat(partial);
        // Audio packets come after OpusHead and OpusTags.
        if (packets.length >= 2 && opus) onAudio(packet);
        else if (packets.length === 0) opus = isOpusHead(packet);
        packets.push(packet);
        partial = [];
      }
    }
    at = Math.max(body, at + 27);
  }
  return result(packets);
}

const isOpusHead = (packet: Uint8Array) => new TextDecoder().decode(packet.subarray(0, 8)) === 'OpusHead';

function result(packets: Uint8Array[]): OpusPackets | null {
  const [head, , ...audio] = packets; // OpusHead, OpusTags, then audio
  if (!head || !isOpusHead(head) || audio.length === 0) {
    return null;
  }
  return { opusHead: head, packets: audio };
}
