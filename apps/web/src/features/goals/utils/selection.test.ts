import { describe, expect, it } from 'vitest';
import { isGoalSelectable, toggleGoal } from './selection';

describe('goal selection', () => {
  it('adds at the end, drops a chosen goal and stops at three', () => {
    expect(toggleGoal([], 'TEST_PREP')).toEqual(['TEST_PREP']);
    expect(toggleGoal(['TEST_PREP'], 'STEADY_PACE')).toEqual(['TEST_PREP', 'STEADY_PACE']);
    expect(toggleGoal(['TEST_PREP', 'STEADY_PACE'], 'TEST_PREP')).toEqual(['STEADY_PACE']);
    const three = ['TEST_PREP', 'STEADY_PACE', 'FEWER_FILLERS'] as const;
    expect(toggleGoal(three, 'SPEAK_UP_MORE')).toEqual([...three]);
    expect(isGoalSelectable(three, 'SPEAK_UP_MORE')).toBe(false);
    expect(isGoalSelectable(three, 'STEADY_PACE')).toBe(true);
    expect(isGoalSelectable(['TEST_PREP'], 'SPEAK_UP_MORE')).toBe(true);
  });
});
