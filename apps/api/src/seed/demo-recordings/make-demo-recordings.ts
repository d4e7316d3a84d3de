/**
 * Builds the demo coach's session recordings from real learner speech (speechocean762, CC BY 4.0;
 * see the README's attributions): each file is one adult speaker's dev-set recordings back to back
 * with 0.8 s pauses, as Ogg Opus at 24 kb/s. Run once with the data set beside the repository:
 *   npx tsx apps/api/src/seed/demo-recordings/make-demo-recordings.ts
 * The speakers are ordered by the experts' mean total score, lowest first, so the demo shows a
 * learner whose speech improves; every score the app shows is still the pipeline's own.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SESSION_SPEAKERS, type DemoRecording } from './speakers.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dataset = join(here, '../../../../../../shared/datasets/speechocean762-dev');
const rows = readFileSync(join(dataset, 'scores.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; speaker: string });

const tmp = mkdtempSync(join(tmpdir(), 'demo-recordings-'));
const manifest: DemoRecording[] = [];
try {
  for (const speaker of DEMO_SESSION_SPEAKERS) {
    const wavs = rows.filter((r) => r.speaker === speaker).map((r) => join(dataset, 'wav', `${r.id}.wav`));
    const pause = join(tmp, 'pause.wav');
    execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', '0.8']);
    const parts = wavs.flatMap((w) => [w, pause]);
    const joined = join(tmp, `${speaker}.wav`);
    execFileSync('sox', [...parts, joined]);
    const out = join(here, `speaker-${speaker}.ogg`);
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', joined, '-c:a', 'libopus', '-b:a', '24k', out]);
    const seconds = Number(execFileSync('soxi', ['-D', joined], { encoding: 'utf8' }).trim());
    manifest.push({ file: `speaker-${speaker}.ogg`, speaker, seconds: Math.round(seconds * 100) / 100 });
    console.log(out, seconds);
  }
  writeFileSync(join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
