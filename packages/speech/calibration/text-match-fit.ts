/**
 * Fits the wrong-text discriminant (src/scoring/text-match.ts) on dev recordings read correctly and
 * the same recordings aligned to other texts, played backwards or replaced by noise
 * (calibration/extract-mismatch.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { PhoneStats } from '../src/gop/features.ts';
import type { PhoneEvidence } from '../src/gop/posterior-features.ts';
import type { Contours } from '../src/scoring/contours.ts';
import { fitRidge, predictLinear } from '../src/scoring/linear.ts';
import { type TextMatchModel, textMatchFeatures } from '../src/scoring/text-match.ts';
import type { Alignment, Pcm16k } from '../src/types.ts';
import { foldsOfSpeakers, type Sample } from './fit-lib.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** One cached wrong-text reading: a dev recording's audio (or its length of noise) and another text. */
export interface WrongReading {
  /** The dev recording the audio came from. */
  id: string;
  speaker: string;
  /** other: another recording's text; reversed: the audio backwards; noise: noise instead. */
  kind: 'other' | 'reversed' | 'noise';
  text: string;
  al: Alignment;
  contours: Contours;
  ev: PhoneEvidence[] | null;
}

/** Deterministic noise (xorshift), white or brown, at about −40 dBFS RMS. */
function noise(n: number, brown: boolean, seed: number): Float32Array {
  let x = seed >>> 0 || 1;
  const out = new Float32Array(n);
  let acc = 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const w = ((x >>> 0) / 4294967296) * 2 - 1;
    acc = brown ? 0.98 * acc + 0.1 * w : w;
    out[i] = acc * 0.017;
  }
  return out;
}

/**
 * The audio of a wrong-text case made from the dev recording `pcm` (index `devIndex` in the dev
 * set's order): the recording itself (`other`), backwards, or as long a stretch of noise (brown for
 * every other noise case).
 */
export function wrongReadingAudio(kind: WrongReading['kind'], pcm: Pcm16k, devIndex: number): Pcm16k {
  if (kind === 'other') return pcm;
  if (kind === 'reversed') return { ...pcm, samples: pcm.samples.slice().reverse() };
  return { ...pcm, samples: noise(pcm.samples.length, devIndex % 16 === 0, devIndex + 1) };
}

export const MISMATCH_CACHE = join(here, 'cache-mismatch-en-us-16k.json.gz');

export function loadWrongReadings(): WrongReading[] {
  if (!existsSync(MISMATCH_CACHE)) return [];
  const m = JSON.parse(gunzipSync(readFileSync(MISMATCH_CACHE)).toString('utf8')) as {
    cases: Omit<WrongReading, 'al' | 'contours' | 'ev'>[];
    alignments: Alignment[];
    contours: Contours[];
    evidence: (PhoneEvidence[] | null)[];
  };
  return m.cases.map((c, i) => ({ ...c, al: m.alignments[i], contours: m.contours[i], ev: m.evidence[i] }));
}

/**
 * Share of correct readings (held-out speakers) the threshold may flag: none. Telling a learner who
 * read the sentence that they did not is worse than scoring a wrong sentence low: at 0.5 % the
 * held-out dev readings were flagged 1.0 % of the time (3 of 306, one rated 8/10) and 78 % of
 * other sentences were caught; at none (the threshold is the lowest held-out correct reading's
 * score), 0.3 % (1 of 306) and 61 %. A margin below it (a tenth of the spread) caught 53 %.
 */
export const FALSE_FLAG_SHARE = 0;
const RIDGE = 3;

/**
 * The discriminant on `correct` (target 1) and `wrong` (target 0) readings that aligned, and its
 * threshold: the {@link FALSE_FLAG_SHARE} quantile of the correct readings' scores by models fitted
 * without their speakers (5 speaker folds).
 */
export function fitTextMatch(correct: Sample[], wrong: WrongReading[], stats: PhoneStats): TextMatchModel {
  const rows = [
    ...correct
      .filter((s) => s.al.ok && s.ev)
      .map((s) => ({ speaker: s.utt.speaker, al: s.al, ev: s.ev as PhoneEvidence[], y: 1 })),
    ...wrong
      .filter((w) => w.al.ok && w.ev)
      .map((w) => ({ speaker: w.speaker, al: w.al, ev: w.ev as PhoneEvidence[], y: 0 })),
  ].map((r) => ({ ...r, x: textMatchFeatures(r.al, r.ev, stats) }));
  const folds = foldsOfSpeakers(
    rows.map((r) => r.speaker),
    5,
  );
  const heldOut: number[] = [];
  for (let f = 0; f < 5; f++) {
    const train = rows.filter((_, i) => folds[i] !== f);
    const m = fitRidge(
      train.map((r) => r.x),
      train.map((r) => r.y),
      RIDGE,
    );
    rows.forEach((r, i) => {
      if (r.y === 1 && folds[i] === f) heldOut.push(predictLinear(m, r.x));
    });
  }
  heldOut.sort((a, b) => a - b);
  const linear = fitRidge(
    rows.map((r) => r.x),
    rows.map((r) => r.y),
    RIDGE,
  );
  const threshold = heldOut[Math.floor(FALSE_FLAG_SHARE * heldOut.length)] ?? 0;
  return { linear, threshold: Math.round(threshold * 1e4) / 1e4 };
}
