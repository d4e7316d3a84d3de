import { describe, expect, it } from 'vitest';
import {
  GOAL_FOCUSES,
  GOAL_IDS,
  GOALS,
  goalById,
  goalSelectionSchema,
  goalTexts,
  MAX_GOALS,
} from './goals.ts';

describe('goal catalogue', () => {
  it('offers each goal id once, with a distinct name and a known focus', () => {
    expect(GOALS.map((g) => g.goal)).toEqual([...GOAL_IDS]);
    expect(GOALS.length).toBeGreaterThanOrEqual(8);
    expect(GOALS.length).toBeLessThanOrEqual(12);
    expect(new Set(GOALS.map((g) => g.humanReadableGoalName)).size).toBe(GOALS.length);
    for (const g of GOALS) expect(GOAL_FOCUSES).toContain(g.focus);
    expect(goalById('CLEARER_SOUNDS')?.focus).toBe('pronunciation');
    expect(goalById('RETIRED_GOAL')).toBeUndefined();
  });

  it('accepts one to three distinct goals (spec 1 §9)', () => {
    expect(MAX_GOALS).toBe(3);
    expect(goalSelectionSchema.safeParse(['FEWER_FILLERS']).success).toBe(true);
    expect(goalSelectionSchema.safeParse(['FEWER_FILLERS', 'STEADY_PACE', 'TEST_PREP']).success).toBe(true);
    expect(goalSelectionSchema.safeParse([]).success).toBe(false);
    expect(
      goalSelectionSchema.safeParse(['FEWER_FILLERS', 'STEADY_PACE', 'TEST_PREP', 'SPEAK_UP_MORE']).success,
    ).toBe(false);
    expect(goalSelectionSchema.safeParse(['FEWER_FILLERS', 'FEWER_FILLERS']).success).toBe(false);
    expect(goalSelectionSchema.safeParse(['BE_FAMOUS']).success).toBe(false);
  });

  it('explains a refused selection in words a coach understands', () => {
    const messageOf = (value: unknown) => goalSelectionSchema.safeParse(value).error?.issues[0]?.message;
    expect(messageOf([])).toBe(goalTexts.tooFew);
    expect(messageOf(['FEWER_FILLERS', 'STEADY_PACE', 'TEST_PREP', 'SPEAK_UP_MORE'])).toBe(goalTexts.tooMany);
    expect(messageOf(['TEST_PREP', 'TEST_PREP'])).toBe(goalTexts.duplicate);
    expect(messageOf(['BE_FAMOUS'])).toBe('"BE_FAMOUS" is not one of the goals on offer.');
  });
});
