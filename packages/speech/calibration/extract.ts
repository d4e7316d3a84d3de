/**
 * Runs the aligner over the speechocean762 development set and caches what the fit needs:
 * calibration/cache-<model>.json.gz: alignments plus energy and pitch contours per 10 ms
 * (gzipped JSON, committed so that fitting and the agreement benchmark run in seconds; it is what
 * calibration/cache.ts reads).
 *
 * The alignment is the product's own: the aligner's dictionary pronunciations, exactly as the API
 * aligns a reading, so the models learn from the features they will meet at run time (the corpus's
 * lexicon differs on 339 of 1,942 words). The skipped-word pass always runs here; the agreement
 * benchmark drops its result wherever the product would not have run it. With the 16 kHz model, the
 * posterior evidence of every aligned phone (`phoneEvidence`, what the scorer computes at run time)
 * is cached beside them.
 *
 *   npx tsx calibration/extract.ts [--model en-us-8k] [--limit N]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createAligner } from '../src/align/aligner.ts';
import type { AcousticModelId } from '../src/align/model.ts';
import { type PhoneEvidence, phoneEvidence } from '../src/gop/posterior-features.ts';
import { createPosteriorComputer, loadPtmModel } from '../src/posteriors/index.ts';
import { computeContours } from '../src/scoring/contours.ts';
import type { Alignment } from '../src/types.ts';
import { compactEvidence } from './cache.ts';
import { DATASET_DIR, loadScores, readWav16k } from './dataset.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { model: { type: 'string' }, limit: { type: 'string' } } });

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function compact(al: Alignment): Alignment {
  return {
    ...al,
    words: al.words.map((w) => ({
      ...w,
      phones: w.phones.map((p) => ({
        ...p,
        gop: round(p.gop),
        features: Object.fromEntries(Object.entries(p.features).map(([k, v]) => [k, round(v)])),
      })),
    })),
  };
}

const aligner = await createAligner({ model: values.model as AcousticModelId | undefined });
const utts = loadScores().slice(0, values.limit ? Number(values.limit) : undefined);
const alignments: Record<string, Alignment> = {};
const contours: Record<string, ReturnType<typeof computeContours>> = {};
const evidence: Record<string, PhoneEvidence[]> = {};
const posteriors = aligner.model === 'en-us-16k' ? createPosteriorComputer(loadPtmModel()) : null;
const started = Date.now();
let audio = 0;
for (const [i, utt] of utts.entries()) {
  const pcm = readWav16k(join(DATASET_DIR, utt.wav));
  audio += pcm.durationSec;
  const al = await aligner.align(pcm, utt.text, { skipDetection: true });
  alignments[utt.id] = compact(al);
  contours[utt.id] = computeContours(pcm);
  if (posteriors && al.ok) {
    evidence[utt.id] = compactEvidence(
      phoneEvidence(al, posteriors.compute(pcm.samples), contours[utt.id].energyDb),
    );
  }
  if (i % 25 === 0) console.error(`${i + 1}/${utts.length} ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
const failed = Object.values(alignments).filter((a) => !a.ok).length;
console.error(
  `${utts.length} utterances, ${failed} failed alignments, RTF ${((Date.now() - started) / 1000 / audio).toFixed(3)}`,
);
writeFileSync(
  join(here, `cache-${aligner.model}.json.gz${process.env.CACHE_SUFFIX ?? ''}`),
  gzipSync(JSON.stringify({ model: aligner.model, alignments, contours, evidence }), { level: 9 }),
);
aligner.dispose();
