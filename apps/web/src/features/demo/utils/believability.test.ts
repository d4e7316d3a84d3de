import { describe, expect, it } from 'vitest';
import { believabilityScore } from './believability';

describe('believabilityScore', () => {
  const full = {
    wordCount: 60,
    rouge1: 0.3,
    cefr: { vocabulary: 'B2', grammar: 'C1' },
    transcriptConfidence: 0.9,
  } as const;

  it('scores a long, on-topic, B2+ answer at 100 with no advice', () => {
    const result = believabilityScore(full);
    expect(result.score).toBe(100);
    expect(result.reasons).toEqual([]);
    expect(result.transcriptConfidence).toEqual({ value: 0.9, humanizedValue: 'High' });
  });

  it('drops for a short answer and says so', () => {
    const result = believabilityScore({ ...full, wordCount: 10 });
    expect(result.score).toBeLessThan(70);
    expect(result.reasons[0]).toMatch(/longer answer/);
  });

  it('drops for an off-topic answer', () => {
    expect(believabilityScore({ ...full, rouge1: 0 }).score).toBe(65);
  });

  it('gives an empty answer nothing for length, relevance or language', () => {
    expect(believabilityScore({ wordCount: 0, rouge1: 0, cefr: {}, transcriptConfidence: 0.2 }).score).toBe(
      0,
    );
  });
});
