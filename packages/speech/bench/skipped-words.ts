/**
 * Skipped-word detection on flite readings with one word left out (3 voices × 4 sentences), scored
 * as the product scores a reading: which left-out words come back `omitted`, and which read words
 * are wrongly zeroed. False omissions on learner speech come from bench:speech-agreement.
 *
 *   npx tsx packages/speech/bench/skipped-words.ts
 */
import { speak } from '../calibration/tts.ts';
import { createAligner } from '../src/align/aligner.ts';
import { mayHaveSkippedWords, scoreReading } from '../src/scoring/score.ts';

const SENTENCES: [reference: string, read: string, skipped: string][] = [
  ['The cat sat on the mat and looked at the dog.', 'The cat sat on the mat and at the dog.', 'looked'],
  ['It was a very hot day in the city.', 'It was a very day in the city.', 'hot'],
  ['She bought a new car last week.', 'She bought a car last week.', 'new'],
  ['He opened the window because it was warm.', 'He opened the window it was warm.', 'because'],
];
const VOICES = ['slt', 'rms', 'awb'];

const aligner = await createAligner();
let caught = 0;
let falselyZeroed = 0;
for (const voice of VOICES) {
  for (const [reference, read, skipped] of SENTENCES) {
    const pcm = speak(read, voice);
    const al = await aligner.align(pcm, reference, { skipDetection: mayHaveSkippedWords });
    const { words } = scoreReading(al, pcm);
    const verdict = words.find((w) => w.normalised === skipped)?.status ?? 'missing';
    const zeroed = words
      .filter((w) => w.normalised !== skipped && w.status === 'omitted')
      .map((w) => w.normalised);
    if (verdict === 'omitted') caught += 1;
    falselyZeroed += zeroed.length;
    console.log(
      `${voice.padEnd(4)} "${skipped}" left out: ${verdict}${zeroed.length ? `; read but zeroed: ${zeroed.join(', ')}` : ''}`,
    );
  }
}
console.log(`caught ${caught} of ${VOICES.length * SENTENCES.length}; read words zeroed: ${falselyZeroed}`);
aligner.dispose();
