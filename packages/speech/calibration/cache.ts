import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { PhoneEvidence } from '../src/gop/posterior-features.ts';
import type { Contours } from '../src/scoring/contours.ts';
import type { Alignment } from '../src/types.ts';
import { loadScores } from './dataset.ts';
import type { Sample } from './fit-lib.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The cached alignments and contours by recording id (`calibration/extract.ts` writes them). */
export function loadCache(model: string): {
  alignments: Record<string, Alignment>;
  contours: Record<string, Contours>;
  /** Posterior evidence per aligned phone (16 kHz model only). */
  evidence?: Record<string, PhoneEvidence[]>;
} {
  const path = join(here, `cache-${model}.json.gz`);
  if (!existsSync(path)) throw new Error(`${path} missing: run calibration/extract.ts first`);
  return JSON.parse(gunzipSync(readFileSync(path)).toString('utf8'));
}

/** The dev set joined with the cached alignments and contours. */
export function loadSamples(model: string): Sample[] {
  const { alignments, contours, evidence } = loadCache(model);
  return loadScores()
    .filter((utt) => alignments[utt.id])
    .map((utt) => ({ utt, al: alignments[utt.id], contours: contours[utt.id], ev: evidence?.[utt.id] }));
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** Posterior evidence rounded to 0.01 for the caches (what the fits read back). */
export function compactEvidence(evidence: PhoneEvidence[]): PhoneEvidence[] {
  return evidence.map((e) => ({
    ...e,
    lpp: r2(e.lpp),
    gopPost: r2(e.gopPost),
    silPost: r2(e.silPost),
    energyDb: r2(e.energyDb),
    lpr: e.lpr.map(r2),
  }));
}
