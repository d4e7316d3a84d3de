import { describe, expect, it } from 'vitest';
import { articlesFor, learningNeeds } from './learning-needs.ts';
import { metricsWith, S, TH } from './session-metrics.test-helper.ts';
import { figuresOf } from './speaking-figures.ts';

describe('learning needs and the articles they link', () => {
  it('puts a sound that keeps scoring low first and links its article', () => {
    const m = metricsWith({ phonemes: [TH(48, ['think', 'three']), S(92)] });
    expect(learningNeeds(figuresOf([m]), []).weakPhones[0]).toBe('TH');
    expect(articlesFor([m], [])[0]?.slug).toBe('the-two-th-sounds');
  });

  it('names the habits the figures show and the focus of each chosen goal', () => {
    const m = metricsWith({ phonemes: [S(92)], wordsPerMinute: 95, filledPauses: 30, speakingSeconds: 300 });
    const needs = learningNeeds(figuresOf([m]), ['FEWER_FILLERS']);
    expect(needs.skills).toContain('pace');
    expect(needs.skills).toContain('fillers');
    const slugs = articlesFor([m], []).map((a) => a.slug);
    expect(slugs).toContain('pace-and-pauses');
    expect(slugs).toContain('filler-words');
  });

  it('links nothing without sessions', () => {
    expect(articlesFor([], ['FEWER_FILLERS'])).toEqual([]);
  });
});
