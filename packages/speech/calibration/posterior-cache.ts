import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LPR_PHONES, type PhoneEvidence } from '../src/gop/posterior-features.ts';
import type { Alignment } from '../src/types.ts';
import { readShards } from './shards.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Where calibration/extract-posteriors.ts writes its shards. */
export const CACHE_DIR = join(here, 'posteriors-train');

/** One recording as cached (compact keys: the cache holds ~50k phones). */
export interface PosteriorRecord {
  id: string;
  speaker: string;
  ok: boolean;
  words: {
    /** The aligned (dictionary) word. */
    w: string;
    /** The experts' phone scores when the aligned phones equal the corpus's, else null. */
    s: number[] | null;
    /** Why `s` is null: no-label-words | word-count | phones. */
    why?: string;
    ph: {
      p: string;
      /** Start and end (s). */
      t: [number, number];
      /** The aligner's loop-based values: gop, lpp (forced), loopLpp, loopAgree. */
      loop: [number, number, number, number];
      /** frames, lpp, gopPost, silPost, energyDb. */
      ev: [number, number, number, number, number];
      /** LPR against {@link LPR_PHONES}. */
      lpr: number[];
    }[];
  }[];
}

/** Every cached recording (plain and gzipped shards). */
export function loadPosteriorRecords(dir = CACHE_DIR): PosteriorRecord[] {
  return readShards<PosteriorRecord>(dir);
}

/** The cached per-phone evidence of a recording, as `phoneEvidence` returned it (rounded). */
export function evidenceOf(rec: PosteriorRecord): PhoneEvidence[] {
  return rec.words.flatMap((w) =>
    w.ph.map((p) => ({
      phone: p.p,
      frames: p.ev[0],
      lpp: p.ev[1],
      gopPost: p.ev[2],
      silPost: p.ev[3],
      energyDb: p.ev[4],
      lpr: p.lpr,
    })),
  );
}

/**
 * The aligner's output rebuilt from the cache (what `phoneFeatureRows` reads). `frames` is the
 * posteriors' count for the segment, which can differ from the aligner's by one (rounding of the
 * start and end instead of the duration).
 */
export function alignmentOf(rec: PosteriorRecord): Alignment {
  return {
    ok: rec.ok,
    silences: [],
    words: rec.words.map((w) => ({
      word: w.w,
      start: w.ph[0]?.t[0] ?? 0,
      end: w.ph.at(-1)?.t[1] ?? 0,
      phones: w.ph.map((p) => ({
        phone: p.p,
        start: p.t[0],
        end: p.t[1],
        gop: p.loop[0],
        features: { frames: p.ev[0], lpp: p.loop[1], loopLpp: p.loop[2], loopAgree: p.loop[3] },
      })),
    })),
  };
}

export { LPR_PHONES };
