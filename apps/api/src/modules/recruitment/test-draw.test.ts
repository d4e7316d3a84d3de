import { testContentSchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { makeContent } from './recruitment.test-helper.ts';
import { contentForPosition, drawnTestSchema, drawTest, sample } from './test-draw.ts';

describe('drawTest', () => {
  const content = testContentSchema.parse(makeContent({ ask: 2, pool: 5 }));
  const source = contentForPosition(content, null);

  it('draws ask items per level from each pool without replacement, and one topic per level', () => {
    const test = drawnTestSchema.parse(drawTest({ content: source, listening: true }));
    for (const level of ['LOW', 'MEDIUM', 'ADVANCED'] as const) {
      const l = test.levels[level];
      expect(l.reading).toHaveLength(2);
      expect(new Set(l.reading.map((s) => s.id)).size).toBe(2);
      expect(l.reading.every((s) => s.id.startsWith(`r-${level}-`))).toBe(true);
      expect(l.listening).toHaveLength(2);
      expect(l.listening[0].audioText).toBeTruthy();
      expect(l.readingComprehension).toHaveLength(2);
      expect(l.freeSpeech.id).toBe(`f-${level}`);
    }
    expect(test.timeLimitsSeconds).toEqual(content.timeLimitsSeconds);
  });

  it('draws no listening question when the server cannot speak them', () => {
    const test = drawTest({ content: source, listening: false });
    expect(Object.values(test.levels).every((l) => l.listening.length === 0)).toBe(true);
  });

  it('draws every item of a pool about equally often (crypto randomness)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const s of drawTest({ content: source, listening: false }).levels.LOW.reading) {
        counts.set(s.id, (counts.get(s.id) ?? 0) + 1);
      }
    }
    // 2000 draws of 2 out of 5: each item about 800 times.
    expect([...counts.keys()].sort()).toEqual(['r-LOW-0', 'r-LOW-1', 'r-LOW-2', 'r-LOW-3', 'r-LOW-4']);
    for (const n of counts.values()) expect(n).toBeGreaterThan(650);
  });

  it('samples by the random source it is given', () => {
    expect(sample(['a', 'b', 'c', 'd'], 2, () => 0)).toEqual(['a', 'b']);
    expect(sample(['a', 'b', 'c', 'd'], 2, (max) => max - 1)).toEqual(['d', 'a']);
    expect(sample(['a'], 3)).toEqual(['a']);
  });
});

describe('contentForPosition', () => {
  it('finds the position without regard to case and falls back to the first', () => {
    const content = makeContent({ position: 'Support agent' });
    content.positions.push({ ...makeContent().positions[0], position: 'Sales representative' });
    expect(contentForPosition(content, 'sales REPRESENTATIVE ').position.position).toBe(
      'Sales representative',
    );
    expect(contentForPosition(content, 'Unknown').position.position).toBe('Support agent');
    expect(contentForPosition(content, null).position.position).toBe('Support agent');
  });
});
