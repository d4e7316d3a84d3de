/**
 * Readings of the wrong text (issue 25, part 6): the speechocean762 dev recordings aligned, as the
 * product aligns a reading, against text they do not contain, cached like calibration/extract.ts
 * (alignment, contours, posterior evidence) in calibration/cache-mismatch-en-us-16k.json.gz:
 *
 * - `other`: each recording against the text of another recording (another speaker's sentence,
 *   with no word in common where one exists), so that wrong-text detection can be fitted and
 *   measured on real learners;
 * - `reversed`: every fourth recording played backwards against its own text (speech-like sound
 *   with the same voice and spectrum but no English words: a stand-in for another language);
 * - `noise`: every eighth recording's length of low white or brown noise against its text.
 *
 * The audio of each case is `wrongReadingAudio` of the recording (the agreement benchmark plays it
 * through the product again).
 *
 * The correct readings are calibration/cache-en-us-16k.json.gz (same recordings, own text).
 *
 *   npx tsx calibration/extract-mismatch.ts [--limit N]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createAligner } from '../src/align/aligner.ts';
import { type PhoneEvidence, phoneEvidence } from '../src/gop/posterior-features.ts';
import { createPosteriorComputer, loadPtmModel } from '../src/posteriors/index.ts';
import { computeContours } from '../src/scoring/contours.ts';
import type { Alignment, Pcm16k } from '../src/types.ts';
import { compactEvidence } from './cache.ts';
import { DATASET_DIR, loadScores, readWav16k } from './dataset.ts';
import { wrongReadingAudio } from './text-match-fit.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { limit: { type: 'string' } } });

type MismatchKind = 'other' | 'reversed' | 'noise';

/** One cached wrong-text reading (calibration/text-match-fit.ts reads them as `WrongReading`). */
interface MismatchCase {
  /** The recording whose audio (or length, for noise) was used. */
  id: string;
  speaker: string;
  kind: MismatchKind;
  text: string;
}

const utts = loadScores();
const words = (t: string) => new Set(t.toLowerCase().split(/\s+/));
/** Another speaker's sentence sharing no word with this one (else the fewest), deterministic. */
function otherText(i: number): string {
  let best = { text: '', shared: Infinity };
  for (let k = 1; k < utts.length; k++) {
    const u = utts[(i + k * 37) % utts.length];
    if (u.speaker === utts[i].speaker) continue;
    const own = words(utts[i].text);
    const shared = [...words(u.text)].filter((w) => own.has(w)).length;
    if (shared < best.shared) best = { text: u.text, shared };
    if (shared === 0) break;
  }
  return best.text;
}

const aligner = await createAligner();
const posteriors = createPosteriorComputer(loadPtmModel());
const cases: MismatchCase[] = [];
const alignments: Alignment[] = [];
const contours: ReturnType<typeof computeContours>[] = [];
const evidence: (PhoneEvidence[] | null)[] = [];
const limit = values.limit ? Number(values.limit) : utts.length;
const started = Date.now();
for (let i = 0; i < Math.min(limit, utts.length); i++) {
  const u = utts[i];
  const pcm = readWav16k(join(DATASET_DIR, u.wav));
  const jobs: { kind: MismatchKind; text: string; pcm: Pcm16k }[] = [
    { kind: 'other', text: otherText(i), pcm },
  ];
  if (i % 4 === 0) jobs.push({ kind: 'reversed', text: u.text, pcm: wrongReadingAudio('reversed', pcm, i) });
  if (i % 8 === 0) jobs.push({ kind: 'noise', text: u.text, pcm: wrongReadingAudio('noise', pcm, i) });
  for (const job of jobs) {
    const al = await aligner.align(job.pcm, job.text, { skipDetection: true });
    const c = computeContours(job.pcm);
    cases.push({ id: u.id, speaker: u.speaker, kind: job.kind, text: job.text });
    alignments.push(al);
    contours.push(c);
    evidence.push(
      al.ok ? compactEvidence(phoneEvidence(al, posteriors.compute(job.pcm.samples), c.energyDb)) : null,
    );
  }
  if (i % 25 === 0) console.error(`${i + 1}/${utts.length} ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
writeFileSync(
  join(here, 'cache-mismatch-en-us-16k.json.gz'),
  gzipSync(JSON.stringify({ model: aligner.model, cases, alignments, contours, evidence }), { level: 9 }),
);
console.error(`${cases.length} wrong-text readings, ${alignments.filter((a) => !a.ok).length} did not align`);
aligner.dispose();
