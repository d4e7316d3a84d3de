import { type GoalId, MAX_GOALS } from '@agaton/contracts';

/**
 * The selection after clicking `goal`: a chosen goal is dropped; another is added at the end unless
 * `max` are already chosen (spec 1 §5: one to three, the rest disabled at three).
 */
export function toggleGoal(selected: readonly GoalId[], goal: GoalId, max = MAX_GOALS): GoalId[] {
  if (selected.includes(goal)) return selected.filter((id) => id !== goal);
  if (selected.length >= max) return [...selected];
  return [...selected, goal];
}

/** Whether `goal` can be clicked: chosen goals always can (to drop them), others while under `max`. */
export function isGoalSelectable(selected: readonly GoalId[], goal: GoalId, max = MAX_GOALS): boolean {
  return selected.includes(goal) || selected.length < max;
}
