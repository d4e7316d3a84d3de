import { join } from 'node:path';
import { NOT_THE_TEXT } from '@agaton/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR, loadScores, readWav16k } from '../calibration/dataset.ts';
import { toDemoReadingResponse } from '../src/adapters/demo.ts';
import { createEngine, type SpeechEngine } from '../src/analyze.ts';
import type { Pcm16k } from '../src/types.ts';

let engine: SpeechEngine;
beforeAll(async () => {
  engine = await createEngine();
}, 120_000);
afterAll(() => engine?.dispose());

const fixture = (id: string) => {
  const utt = loadScores(FIXTURE_DIR).find((u) => u.id === id);
  if (!utt) throw new Error(`fixture ${id} missing`);
  return { text: utt.text, pcm: readWav16k(join(FIXTURE_DIR, utt.wav)) };
};

const read = (pcm: Pcm16k, referenceText: string) =>
  engine.analyze({ audio: pcm, task: 'reading', referenceText });

describe('a reading of something other than the text shown', { timeout: 120_000 }, () => {
  it('is said not to be the text: every word not read, Content 0, no word or sound to practise', async () => {
    const other = fixture('010270306').text; // THEN HE RETURNED TO HER AND DEMANDED SOMETHING TO EAT
    const a = await read(fixture('096190011').pcm, other);
    expect(a.readingCheck).toEqual({ matchesText: false });
    expect(a.words.every((w) => w.status === 'omitted' && w.score === 0)).toBe(true);
    expect(a.overall.completeness).toBeLessThanOrEqual(30);
    expect(a.overall.explanation).toBe(NOT_THE_TEXT);
    expect(a.pronunciation.challengingWords).toEqual([]);
    expect(a.pronunciation.challengingPhonemes).toEqual([]);
    const api = toDemoReadingResponse(a);
    expect(api.assessment.reading_check).toEqual({ matches_text: false });
    expect(api.assessment.content?.score).toBeLessThanOrEqual(30);
    expect(api.assessment.overall_explanation).toBe(NOT_THE_TEXT);
    expect(api.word_scores.map((w) => w.status)).toEqual(other.split(' ').map(() => 'omitted'));
  });

  it('says the same of the same speech played backwards (speech-like, but no English)', async () => {
    const { text, pcm } = fixture('010270356');
    const a = await read({ ...pcm, samples: pcm.samples.slice().reverse() }, text);
    expect(a.readingCheck).toEqual({ matchesText: false });
    expect(a.overall.total).toBe(0);
  });

  it("keeps a weak reader's correct reading as the text, with a high Content score", async () => {
    const { text, pcm } = fixture('096190011'); // experts: 3/10 in total, every word read
    const a = await read(pcm, text);
    expect(a.readingCheck).toEqual({ matchesText: true });
    expect(a.overall.completeness).toBeGreaterThanOrEqual(80);
    expect(toDemoReadingResponse(a).assessment.reading_check).toEqual({ matches_text: true });
  });
});
