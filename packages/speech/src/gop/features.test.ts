import { describe, expect, it } from 'vitest';
import type { AlignedWord, Alignment } from '../types.ts';
import { phoneFeatureRows, WORD_FEATURES, wordFeatureRows, wordInputRows } from './features.ts';

function word(text: string, phones: string[], gop: number): AlignedWord {
  return {
    word: text,
    text,
    start: 0,
    end: 0.3,
    phones: phones.map((phone, i) => ({
      phone,
      start: i / 10,
      end: (i + 1) / 10,
      gop,
      features: { frames: 10, lpp: gop, loopLpp: 0, loopAgree: 0.5 },
    })),
  };
}

const al: Alignment = {
  words: [word('to', ['T', 'UW'], -1), word('sit', ['S', 'IH', 'T'], -3)],
  silences: [],
  ok: true,
  model: 'en-us-16k',
  durationSec: 1,
};

describe('the word model inputs without phone predictions', () => {
  it("are the word's own features but the predictions, then the mean and minimum of each phone-model column", () => {
    const phoneRows = phoneFeatureRows(al, {});
    // Two columns per phone: the first phone-model column rises by phone, the second falls.
    const modelRows = [
      [1, 10],
      [2, 20],
      [3, 30],
      [4, 5],
      [8, 40],
    ];
    const rows = wordInputRows(al, phoneRows, modelRows);
    const own = wordFeatureRows(al, phoneRows, [0, 0, 0, 0, 0]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveLength(WORD_FEATURES.length - 2 + 4);
    expect(rows[0].slice(0, WORD_FEATURES.length - 2)).toEqual(own[0].slice(2));
    expect(rows[1].slice(0, WORD_FEATURES.length - 2)).toEqual(own[1].slice(2));
    expect(rows[0].slice(-4)).toEqual([1.5, 15, 1, 10]);
    expect(rows[1].slice(-4)).toEqual([5, 25, 3, 5]);
    // The phone predictions are not read: any predictions give the same rows.
    expect(wordFeatureRows(al, phoneRows, [2, 2, 2, 2, 2])[0].slice(2)).toEqual(own[0].slice(2));
  });
});
