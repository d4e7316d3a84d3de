/** Container formats we accept, named after the decoder that reads them. */
export type AudioFormat = 'wav' | 'mp3' | 'aac' | 'm4a' | 'oga' | 'opus' | 'webm' | 'flac';

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Bytes of an ID3v2 tag at the start (MP3s and some FLACs carry one), 0 without. */
export function id3Length(bytes: Uint8Array): number {
  if (!startsWith(bytes, ascii('ID3')) || bytes.length < 10) return 0;
  const size =
    ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
  return 10 + size + (bytes[5] & 0x10 ? 10 : 0);
}

/** Whether an Ogg stream's first page carries Opus (browsers' ogg recordings) rather than Vorbis. */
function oggIsOpus(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 128)));
  return head.includes('OpusHead');
}

/**
 * Identify a recording by its magic bytes, never by file name or MIME type: browsers label
 * MediaRecorder output inconsistently (Safari's "audio/mp4", Firefox's "audio/ogg"), and users rename
 * files. Returns null for anything we do not decode.
 */
export function sniffFormat(bytes: Uint8Array): AudioFormat | null {
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'; // EBML: WebM and Matroska
  if (startsWith(bytes, ascii('OggS'))) return oggIsOpus(bytes) ? 'opus' : 'oga';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'm4a';
  if (startsWith(bytes, ascii('fLaC'))) return 'flac';
  const skip = id3Length(bytes);
  const body = skip > 0 && skip < bytes.length ? bytes.subarray(skip) : bytes;
  if (skip >= bytes.length && skip > 0) return 'mp3';
  if (body.length >= 2 && body[0] === 0xff && (body[1] & 0xf0) === 0xf0 && (body[1] & 0x06) === 0)
    return 'aac'; // ADTS
  if (body.length >= 2 && body[0] === 0xff && (body[1] & 0xe0) === 0xe0 && (body[1] & 0x06) !== 0)
    return 'mp3';
  if (startsWith(body, ascii('fLaC'))) return 'flac';
  return null;
}
