import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPronunciations, FIXTURE_DIR, loadScores, readWav16k } from '../calibration/dataset.ts';
import { speak } from '../calibration/tts.ts';
import { type Aligner, createAligner } from '../src/align/aligner.ts';
import { g2p } from '../src/align/g2p.ts';
import { tokenise } from '../src/align/text.ts';

const meanGop = (al: { words: { phones: { gop: number }[] }[] }) => {
  const gops = al.words.flatMap((w) => w.phones.map((p) => p.gop));
  return gops.reduce((a, b) => a + b, 0) / gops.length;
};

let aligner: Aligner;
beforeAll(async () => {
  aligner = await createAligner();
}, 120_000);
afterAll(() => aligner?.dispose());

describe('aligner', () => {
  it('aligns a learner recording word by word with phones in order', async () => {
    const utt = loadScores(FIXTURE_DIR).find((u) => u.id === '000010011');
    if (!utt) throw new Error('dataset recording missing');
    const al = await aligner.align(readWav16k(join(FIXTURE_DIR, utt.wav)), utt.text);
    expect(al.ok).toBe(true);
    expect(al.words.map((w) => w.word)).toEqual(['we', 'call', 'it', 'bear']);
    expect(al.words[3].phones.map((p) => p.phone)).toEqual(['B', 'EH', 'R']);
    for (const w of al.words) {
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.phones[0].start).toBe(w.start);
    }
  }, 120_000);

  it('fits the right sentence far better than a wrong one', async () => {
    const pcm = speak('The weather is lovely today, so we are going to the beach.');
    const right = await aligner.align(pcm, 'The weather is lovely today, so we are going to the beach.');
    const wrong = await aligner.align(pcm, 'My brother bought three green apples at the market.');
    expect(right.ok).toBe(true);
    expect(!wrong.ok || meanGop(wrong) < meanGop(right) - 2).toBe(true);
  }, 120_000);

  it('returns ok: false instead of throwing when the text cannot fit the audio', async () => {
    const pcm = speak('Hi.');
    const long = 'This is a very long sentence that nobody could possibly say in the time of one short word.';
    const al = await aligner.align(pcm, long);
    expect(al.ok).toBe(false);
    expect(al.words).toEqual([]);
    // The decoder stays usable after a failure.
    expect((await aligner.align(pcm, 'hi')).ok).toBe(true);
  }, 120_000);

  it('gives the same result for the same input, whatever was aligned before', async () => {
    const pcm = speak('Reading aloud every day helps.');
    const first = await aligner.align(pcm, 'Reading aloud every day helps.');
    await aligner.align(speak('Something else entirely.'), 'Something else entirely.');
    const second = await aligner.align(pcm, 'Reading aloud every day helps.');
    expect(second).toEqual(first);
  }, 120_000);

  it('aligns words missing from the dictionary through grapheme-to-phoneme rules', async () => {
    expect(aligner.pronounce('zorblaxian')).toEqual(g2p('zorblaxian').split(' '));
    const al = await aligner.align(speak('The zorblaxian ship landed.'), 'The zorblaxian ship landed.');
    expect(al.ok).toBe(true);
    expect(al.words[1].word).toBe('zorblaxian');
    expect(al.words[1].phones.length).toBeGreaterThan(4);
  }, 120_000);

  it('uses given pronunciations (the corpus lexicon) instead of the dictionary', async () => {
    const utt = loadScores(FIXTURE_DIR).find((u) => u.words.some((w) => w.text === 'ZERO'));
    if (!utt) throw new Error('dataset recording missing');
    const al = await aligner.align(readWav16k(join(FIXTURE_DIR, utt.wav)), utt.text, {
      pronunciations: corpusPronunciations(utt),
    });
    const zero = al.words.find((w) => w.word === 'zero');
    expect(zero?.phones.map((p) => p.phone)).toEqual(['Z', 'IH', 'R', 'OW']);
  }, 120_000);
});

describe('text and g2p', () => {
  it('spells out digits and splits hyphens', () => {
    expect(tokenise('Call me at 7 — well-known, "OK"?').map((t) => t.normalised)).toEqual([
      'call',
      'me',
      'at',
      'seven',
      'well',
      'known',
      'ok',
    ]);
  });

  it('folds accents so the dictionary finds the word', () => {
    expect(tokenise('Café naïve résumé').map((t) => t.normalised)).toEqual(['cafe', 'naive', 'resume']);
  });

  it('gives plausible pronunciations', () => {
    expect(g2p('shop')).toBe('SH AA P');
    expect(g2p('night')).toBe('N AY T');
    expect(g2p('BBC')).toBe('B IY B IY S IY');
  });
});
