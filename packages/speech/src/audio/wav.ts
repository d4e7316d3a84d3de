/**
 * Wraps 16 kHz mono 16-bit little-endian PCM in a canonical 44-byte RIFF/WAVE header, the form the
 * recognisers, the HTTP uploads of tests and benchmarks, and the CLI's inputs all accept.
 */
export function wav16kMono(pcm16le: Uint8Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm16le.byteLength, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm16le.byteLength, 40);
  return Buffer.concat([header, pcm16le]);
}
