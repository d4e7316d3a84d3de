import { describe, expect, it } from 'vitest';
import { analyseContent, rouge1 } from '../src/content/index.js';

describe('ROUGE-1', () => {
  it('counts clipped unigram overlap: precision, recall and F-measure', () => {
    const r = rouge1('the cat sat on the mat', 'the cat is on the mat');
    expect(r.precision).toBeCloseTo(5 / 6, 10);
    expect(r.recall).toBeCloseTo(5 / 6, 10);
    expect(r.fmeasure).toBeCloseTo(5 / 6, 10);
  });

  it('clips repeated words to their count in the reference', () => {
    const r = rouge1('the the the', 'the cat');
    expect(r.precision).toBeCloseTo(1 / 3, 10);
    expect(r.recall).toBeCloseTo(1 / 2, 10);
    expect(r.fmeasure).toBeCloseTo(0.4, 10);
  });

  it('ignores case and punctuation, and is 0 without overlap or text', () => {
    expect(rouge1('The CAT!', 'the cat.').fmeasure).toBe(1);
    expect(rouge1('dogs bark', 'cats meow').fmeasure).toBe(0);
    expect(rouge1('', 'cats meow').fmeasure).toBe(0);
  });

  it('is reported by analyseContent against the topic, without filled pauses, and null without a topic', () => {
    const topic = 'Which city would you like to visit?';
    // 6 answer words, 7 topic words, 4 shared (like, to, visit, city): F = 2·4 / (6 + 7).
    expect(analyseContent({ transcript: 'um I like to visit the city', topic }).rouge1).toBe(0.615);
    expect(analyseContent({ transcript: 'I like to visit the city' }).rouge1).toBeNull();
  });
});
