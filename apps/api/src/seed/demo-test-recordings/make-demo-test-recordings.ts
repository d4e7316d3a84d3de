/**
 * Builds the demo candidate's English-test readings from real learner speech (speechocean762; see the
 * README's attributions): six dev-set recordings of one adult speaker (1407, experts' mean total 7.1
 * of 10), each as Ogg Opus at 24 kb/s, and a manifest with the sentence each one reads. Run once with
 * the data set beside the repository:
 *   npx tsx apps/api/src/seed/demo-test-recordings/make-demo-test-recordings.ts
 * The demo candidate's test is sent with these sentences as its reading items, so the seeded report is
 * the pipeline's own scoring of a real learner (apps/api/src/seed/demo-english-test.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SPEAKER = '1407';
/** Two readings per level, shortest sentences first. */
const IDS = ['014070217', '014070159', '014070080', '014070207', '014070092', '014070101'];

const here = dirname(fileURLToPath(import.meta.url));
const dataset = join(here, '../../../../../../shared/datasets/speechocean762-dev');
const rows = readFileSync(join(dataset, 'scores.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; speaker: string; text: string });

const manifest = IDS.map((id) => {
  const row = rows.find((r) => r.id === id && r.speaker === SPEAKER);
  if (!row) throw new Error(`recording ${id} of speaker ${SPEAKER} is not in the dev set`);
  const file = `${id}.ogg`;
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    join(dataset, 'wav', `${id}.wav`),
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    join(here, file),
  ]);
  // The corpus writes sentences in capitals without final punctuation; show them as a test would.
  const lower = row.text.toLowerCase();
  return { file, id, speaker: SPEAKER, text: `${lower[0].toUpperCase()}${lower.slice(1)}.` };
});
writeFileSync(join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(manifest);
