/**
 * Builds the demo trainees' practice recordings from real learner speech (speechocean762; see the
 * README's attributions): thirteen dev-set readings by three adult speakers of different skill
 * (experts' mean totals 8.6, 8.0 and 4.2 of 10), each as Ogg Opus at 24 kb/s, and a manifest with the
 * sentence each one reads. Run once with the data set beside the repository:
 *   npx tsx apps/api/src/seed/demo-practice-recordings/make-demo-practice-recordings.ts
 * The demo organisation's practice content gets these sentences (apps/api/src/seed/demo-practice.ts),
 * so the seeded attempts are the engine's own scoring of real learners reading them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Recordings per speaker, shortest sentences first. */
const SPEAKERS: Record<string, string[]> = {
  '2022': ['020220048', '020220060', '020220122', '020220091', '020220072'],
  '1309': ['013090105', '013090076', '013090160', '013090147'],
  '9606': ['096060012', '096060011', '096060008', '096060010'],
};

const here = dirname(fileURLToPath(import.meta.url));
const dataset = join(here, '../../../../../../shared/datasets/speechocean762-dev');
const rows = readFileSync(join(dataset, 'scores.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; speaker: string; text: string });

const manifest = Object.entries(SPEAKERS).flatMap(([speaker, ids]) =>
  ids.map((id) => {
    const row = rows.find((r) => r.id === id && r.speaker === speaker);
    if (!row) throw new Error(`recording ${id} of speaker ${speaker} is not in the dev set`);
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
    // The corpus writes sentences in capitals, some with punctuation; show them as an exercise would.
    const lower = row.text.toLowerCase().replace(/[.!?,]+$/, '');
    const text = `${lower[0].toUpperCase()}${lower.slice(1)}.`.replace(/\bi\b/g, 'I');
    return { file, id, speaker, text };
  }),
);
writeFileSync(join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(manifest);
