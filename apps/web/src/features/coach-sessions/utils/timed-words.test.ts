import type { TimedWord } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeWordIndex,
  isChallenging,
  normaliseWord,
  occurrencesOf,
  transcriptSample,
} from './timed-words';

const words: TimedWord[] = [
  { word: 'On', start: 0.2, end: 0.4, score: 95 },
  { word: 'Thursday,', start: 0.5, end: 1.0, score: 55 },
  { word: 'we', start: 2.0, end: 2.2, score: 80 },
  { word: 'thursday', start: 2.3, end: 2.9, score: null },
];

describe('activeWordIndex: the word being played at a time', () => {
  it.each([
    [0, -1],
    [0.2, 0],
    [0.39, 0],
    [0.45, 0],
    [0.5, 1],
    [0.99, 1],
    [1.2, 1],
    [1.5, -1],
    [2.25, 2],
    [2.9, 3],
    [10, -1],
  ])('at %s s it is %s', (time, index) => {
    expect(activeWordIndex(words, time)).toBe(index);
  });

  it('is -1 without words', () => {
    expect(activeWordIndex([], 1)).toBe(-1);
  });
});

describe('matching feedback words to the timed transcript', () => {
  it('ignores case and surrounding punctuation', () => {
    expect(normaliseWord('“Thursday,”')).toBe('thursday');
    expect(normaliseWord('don’t')).toBe("don't");
    expect(occurrencesOf(words, 'Thursday')).toEqual([0.5, 2.3]);
    expect(occurrencesOf(words, 'Friday')).toEqual([]);
    expect(occurrencesOf(words, '...')).toEqual([]);
  });

  it('calls 80 and below challenging (spec 1 section 9), unscored words neither', () => {
    expect([isChallenging(80), isChallenging(80.5), isChallenging(null)]).toEqual([true, false, false]);
  });

  it('samples the start of a transcript', () => {
    expect(transcriptSample('one two  three', 5)).toBe('one two three');
    expect(transcriptSample('one two three four', 2)).toBe('one two…');
  });
});
