import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCache } from '../calibration/cache.ts';
import { FIXTURE_DIR, loadScores, readWav16k } from '../calibration/dataset.ts';
import { type Aligner, createAligner } from '../src/align/aligner.ts';
import type { Alignment } from '../src/types.ts';

let aligner: Aligner;
beforeAll(async () => {
  aligner = await createAligner();
}, 120_000);
afterAll(() => aligner?.dispose());

/** What the agreement benchmark compares: words, phones, times and the features the models read. */
const summary = (al: Alignment) =>
  al.words.map((w) => ({
    word: w.word,
    heard: w.heard,
    phones: w.phones.map((p) => ({
      phone: p.phone,
      start: p.start,
      gop: Math.round(p.gop * 100) / 100,
      frames: p.features.frames,
      loopAgree: Math.round((p.features.loopAgree ?? 0) * 100) / 100,
    })),
  }));

describe('calibration cache', () => {
  it('holds what the aligner returns today, so the models learn from what the product aligns', async () => {
    const cache = loadCache(aligner.model);
    // The committed dev-set fixtures are part of the cache (calibration/extract.ts aligns them the same way).
    for (const utt of loadScores(FIXTURE_DIR).slice(0, 3)) {
      const fresh = await aligner.align(readWav16k(join(FIXTURE_DIR, utt.wav)), utt.text, {
        skipDetection: true,
      });
      expect(summary(cache.alignments[utt.id]), utt.id).toEqual(summary(fresh));
    }
  }, 120_000);
});
