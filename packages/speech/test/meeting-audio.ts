import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toWavBytes } from '../src/asr/pcm-bytes.ts';
import type { Pcm16k } from '../src/types.ts';
import { concat, readAudio } from './asr-audio.ts';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const dev = `${fixtures}speechocean762/wav/`;

/**
 * A short "meeting" of real learner speech: the seven committed speechocean762 dev recordings, a
 * reading and the flite sentences with their 1 s pauses, joined by 1.2 s gaps, with one 3 s
 * stretch of silence in the middle (about 48 s).
 */
export function meetingPcm(): Pcm16k {
  const learners = readdirSync(dev)
    .filter((f) => f.endsWith('.wav'))
    .sort()
    .map((f) => readAudio(`${dev}${f}`));
  const quiet = concat([readAudio(`${fixtures}good-reading.wav`)], 0);
  const first = concat(learners.slice(0, 4), 1.2);
  const second = concat([...learners.slice(4), quiet, readAudio(`${fixtures}flite-paused.wav`)], 1.2);
  return concat([first, second], 3);
}

/** {@link meetingPcm} as the WAV file an upload would carry. */
export function meetingWav(): Uint8Array {
  return new Uint8Array(toWavBytes(meetingPcm()));
}
