import { describe, expect, it } from 'vitest';
import { recognisedScores } from '../src/profiles/recognised.ts';
import { markUncertain } from '../src/profiles/uncertain.ts';
import { buildWords } from '../src/profiles/words.ts';

const words = (n: number, uncertain: boolean) =>
  buildWords(
    Array.from({ length: n }, (_, i) => ({
      word: `w${i}`,
      normalised: `w${i}`,
      start: i,
      end: i + 0.5,
      score: 90,
      phones: [{ phone: 'AH', start: i, end: i + 0.5, score: 90 }],
      status: 'ok' as const,
    })),
    { confidences: Array(n).fill(uncertain ? 0.1 : 0.95) },
  ).map((w) => (uncertain ? markUncertain(w) : w));

describe('scores of recognised speech', () => {
  it('takes pronunciation from chunks by their sure words and the total as the mean of pronunciation and fluency', () => {
    const s = recognisedScores({ pronunciation: 50, fluency: 70, prosody: 65, total: 20 }, [
      { words: words(3, false), pronunciation: 80 },
      { words: words(1, false), pronunciation: 40 },
      { words: words(5, true), pronunciation: 10 },
    ]);
    expect(s.pronunciation).toBe(70);
    expect(s.total).toBe(70);
    expect(s.fluency).toBe(70);
  });

  it('scores pronunciation 0 when the recogniser was sure of no word', () => {
    const s = recognisedScores({ pronunciation: 50, fluency: 60, total: 55 }, [
      { words: words(4, true), pronunciation: 90 },
    ]);
    expect(s.pronunciation).toBe(0);
    expect(s.total).toBe(30);
  });
});
