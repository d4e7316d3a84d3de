import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** An upload crafted to cost a scoring worker time or memory, and the answer it must get. */
export interface HostileUpload {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
  status: 413 | 415 | 422;
  code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'UNPROCESSABLE';
}

/** The WAV of issue 9: 83 KB of noise behind a header claiming 1 Hz and 0xFFFFFFF0 bytes of data. */
function oneHertzWav(): Buffer {
  const body = Buffer.alloc(83_000);
  let seed = 7;
  for (let i = 0; i < body.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    body[i] = seed >> 16;
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(0xfffffff8, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(1, 24); // 1 Hz
  head.writeUInt32LE(2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(0xfffffff0, 40);
  return Buffer.concat([head, body]);
}

/**
 * The hostile uploads of issue 9, made at call time (an hour of silence is 0.5–4 MB, too big to
 * commit): the 1 Hz WAV written byte by byte; an IMA ADPCM WAV of the reading fixture, an hour of
 * FLAC silence (44.1 kHz mono, 454 KB) and of MP3 silence (8 kHz, 8 kbit/s, 3.6 MB) encoded by
 * ffmpeg; and copies of the last two whose headers state no length (STREAMINFO's total zeroed; no
 * Xing header), which only the cap while decoding stops.
 */
export function hostileUploads(): HostileUpload[] {
  const dir = mkdtempSync(join(tmpdir(), 'agaton-hostile-'));
  try {
    const ffmpeg = (name: string, args: string[]) => {
      const out = join(dir, name);
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, out]);
      return readFileSync(out);
    };
    const silence = ['-f', 'lavfi', '-t', '3600', '-i'];
    const reading = fileURLToPath(new URL('./fixtures/reading.webm', import.meta.url));
    const flac = ffmpeg('hour.flac', [...silence, 'anullsrc=r=44100:cl=mono', '-c:a', 'flac']);
    const flacUnknown = Buffer.from(flac);
    flacUnknown[21] &= 0xf0; // STREAMINFO total samples (36 bits from byte 21) = 0: "unknown"
    flacUnknown.fill(0, 22, 26);
    const mp3 = ['-c:a', 'libmp3lame', '-b:a', '8k'];
    const tooLong = { status: 413, code: 'PAYLOAD_TOO_LARGE' } as const;
    return [
      {
        name: 'the 1 Hz WAV claiming 0xFFFFFFF0 bytes',
        filename: 'a.wav',
        contentType: 'audio/wav',
        data: oneHertzWav(),
        status: 422,
        code: 'UNPROCESSABLE',
      },
      {
        name: 'an IMA ADPCM WAV',
        filename: 'adpcm.wav',
        contentType: 'audio/wav',
        data: ffmpeg('adpcm.wav', ['-i', reading, '-c:a', 'adpcm_ima_wav']),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'an hour of FLAC silence',
        filename: 'a.flac',
        contentType: 'audio/flac',
        data: flac,
        ...tooLong,
      },
      {
        name: 'an hour of FLAC silence of undeclared length',
        filename: 'b.flac',
        contentType: 'audio/flac',
        data: flacUnknown,
        ...tooLong,
      },
      {
        name: 'an hour of MP3 silence',
        filename: 'a.mp3',
        contentType: 'audio/mpeg',
        data: ffmpeg('hour.mp3', [...silence, 'anullsrc=r=8000:cl=mono', ...mp3]),
        ...tooLong,
      },
      {
        name: 'an hour of MP3 silence without a Xing header',
        filename: 'b.mp3',
        contentType: 'audio/mpeg',
        data: ffmpeg('plain.mp3', [...silence, 'anullsrc=r=8000:cl=mono', ...mp3, '-write_xing', '0']),
        ...tooLong,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
