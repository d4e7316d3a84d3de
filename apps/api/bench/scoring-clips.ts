import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wav16kMono } from '@agaton/speech';
import { DATASET_DIR as DATASET, requireDataset } from '../../../packages/speech/calibration/dataset.ts';

// All clips come from the dev set: without it, say why and exit 0 before a server starts.
requireDataset('bench:scoring');

/** Benchmark audio: speechocean762 dev-set learner recordings, encoded like a browser records. */
export interface Clip {
  audio: Uint8Array;
  type: string;
  seconds: number;
  text: string;
}

interface Row {
  id: string;
  text: string;
}

/** PCM of a 16 kHz mono 16-bit WAV (the dataset's format): the data chunk after the header. */
function pcmOf(wav: Buffer): Buffer {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') return wav.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV without a data chunk');
}

const tmp = mkdtempSync(join(tmpdir(), 'agaton-bench-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

/** webm/opus via ffmpeg when installed (what Chromium's MediaRecorder sends), else the WAV itself. */
function encode(wav: Buffer, name: string): { audio: Uint8Array; type: string } {
  const input = join(tmp, `${name}.wav`);
  const output = join(tmp, `${name}.webm`);
  writeFileSync(input, wav);
  try {
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-c:a',
      'libopus',
      '-f',
      'webm',
      output,
    ]);
    return { audio: new Uint8Array(readFileSync(output)), type: 'audio/webm' };
  } catch {
    return { audio: new Uint8Array(wav), type: 'audio/wav' };
  }
}

function rows(): Row[] {
  return readFileSync(join(DATASET, 'scores.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
}

const pcmSeconds = (pcm: Buffer) => pcm.length / 32000;

/** `count` single-sentence readings of 4.5–5.5 s. */
export function readingClips(count: number): Clip[] {
  const clips: Clip[] = [];
  for (const row of rows()) {
    if (clips.length >= count) break;
    const wav = readFileSync(join(DATASET, 'wav', `${row.id}.wav`));
    const seconds = pcmSeconds(pcmOf(wav));
    if (seconds < 4.5 || seconds > 5.5) continue;
    clips.push({ ...encode(wav, row.id), seconds, text: row.text.toLowerCase() });
  }
  return clips;
}

/** `count` free answers of about `seconds` s: consecutive recordings of one speaker joined. */
export function freeAnswers(count: number, seconds = 30): Clip[] {
  const all = rows();
  const answers: Clip[] = [];
  let i = 0;
  while (answers.length < count && i < all.length) {
    const parts: Buffer[] = [];
    const words: string[] = [];
    while (i < all.length && pcmSeconds(Buffer.concat(parts)) < seconds) {
      parts.push(pcmOf(readFileSync(join(DATASET, 'wav', `${all[i].id}.wav`))));
      words.push(all[i].text.toLowerCase());
      i++;
    }
    const pcm = Buffer.concat(parts).subarray(0, seconds * 32000);
    answers.push({
      ...encode(wav16kMono(pcm), `answer-${answers.length}`),
      seconds: pcmSeconds(pcm),
      text: words.join(' '),
    });
  }
  return answers;
}
