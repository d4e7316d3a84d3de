import { describe, expect, it } from 'vitest';
import { parseCtm } from '../src/asr/ctm.js';
import { normaliseForWer, wordErrorRate } from '../src/asr/index.js';

describe('PocketSphinx CTM output', () => {
  it('keeps filled pauses as flagged words and drops silence and noise markers', () => {
    const ctm = [
      'u00001 1 0.20 0.16 well 0.999',
      'u00001 1 0.40 0.30 <sil> 1.000',
      'u00001 1 0.70 0.25 uh 0.640',
      'u00001 1 0.95 0.20 [NOISE] 0.900',
      'u00001 1 1.15 0.30 ++UM++ 0.500',
      'u00001 1 1.50 0.34 and(2) 0.512',
      'u00002 1 0.10 0.20 yes 0.970',
    ].join('\n');
    const byUtt = parseCtm(ctm);
    const words = byUtt.get('u00001') ?? [];
    expect(words.map((w) => w.text)).toEqual(['well', 'uh', 'um', 'and']);
    expect(words.map((w) => w.filler ?? false)).toEqual([false, true, true, false]);
    expect(words[3]).toEqual({ text: 'and', start: 1.5, end: 1.84, confidence: 0.512 });
    expect(byUtt.get('u00002')?.[0].text).toBe('yes');
  });
});

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions over normalised words', () => {
    expect(wordErrorRate('The cat sat on the mat.', 'the cat sat on the mat')).toEqual({
      errors: 0,
      referenceWords: 6,
    });
    // two substitutions: sat→sit, the→big
    expect(wordErrorRate('the cat sat on the mat', 'the cat sit on big mat')).toEqual({
      errors: 2,
      referenceWords: 6,
    });
    expect(wordErrorRate('a b c', 'x a b c y')).toEqual({ errors: 2, referenceWords: 3 });
    expect(wordErrorRate('a b c', '')).toEqual({ errors: 3, referenceWords: 3 });
    expect(normaliseForWer("<s> Um, it's COLD-hearted </s>")).toEqual(["it's", 'cold', 'hearted']);
  });
});
