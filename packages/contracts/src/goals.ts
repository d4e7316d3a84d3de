import { z } from 'zod';

/**
 * The goals a coach user can choose at onboarding (spec 1 §2 "Goal selection", §3 "Goal
 * preferences": availableGoals of `goal` and `humanReadableGoalName`), and the area of the speech
 * analysis each one is measured by, so coaching reports can track progress on it.
 */

/** The area of the analysis a goal is tracked by (the report writers map each to a metric). */
export const GOAL_FOCUSES = [
  'pronunciation',
  'fluency',
  'pace',
  'fillers',
  'intelligibility',
  'confidence',
  'vocabulary',
  'test-prep',
] as const;
export type GoalFocus = (typeof GOAL_FOCUSES)[number];

export const GOAL_IDS = [
  'CLEARER_SOUNDS',
  'FEWER_FILLERS',
  'STEADY_PACE',
  'FEWER_LONG_PAUSES',
  'UNDERSTOOD_FIRST_TIME',
  'SOUND_NATURAL',
  'CONFIDENT_IN_MEETINGS',
  'SPEAK_UP_MORE',
  'RICHER_VOCABULARY',
  'TEST_PREP',
] as const;
export const goalIdSchema = z.enum(GOAL_IDS);
export type GoalId = z.infer<typeof goalIdSchema>;

export interface Goal {
  goal: GoalId;
  humanReadableGoalName: string;
  focus: GoalFocus;
}

/** In the order the goal-selection screen lists them. */
export const GOALS: readonly Goal[] = [
  {
    goal: 'CLEARER_SOUNDS',
    humanReadableGoalName: 'Pronounce difficult sounds clearly',
    focus: 'pronunciation',
  },
  {
    goal: 'FEWER_FILLERS',
    humanReadableGoalName: 'Use fewer filler words like "um" and "uh"',
    focus: 'fillers',
  },
  { goal: 'STEADY_PACE', humanReadableGoalName: 'Speak at a steady, comfortable pace', focus: 'pace' },
  { goal: 'FEWER_LONG_PAUSES', humanReadableGoalName: 'Make fewer long pauses', focus: 'fluency' },
  {
    goal: 'UNDERSTOOD_FIRST_TIME',
    humanReadableGoalName: 'Be understood the first time',
    focus: 'intelligibility',
  },
  {
    goal: 'SOUND_NATURAL',
    humanReadableGoalName: 'Sound more natural (word stress and linking)',
    focus: 'pronunciation',
  },
  {
    goal: 'CONFIDENT_IN_MEETINGS',
    humanReadableGoalName: 'Feel more confident in meetings',
    focus: 'confidence',
  },
  { goal: 'SPEAK_UP_MORE', humanReadableGoalName: 'Speak up more in meetings', focus: 'confidence' },
  { goal: 'RICHER_VOCABULARY', humanReadableGoalName: 'Use a richer vocabulary', focus: 'vocabulary' },
  { goal: 'TEST_PREP', humanReadableGoalName: 'Prepare for an English test', focus: 'test-prep' },
];

/** Spec 1 §9: at most three goals. */
export const MAX_GOALS = 3;

/** A user's chosen goals: one to three distinct ids (the screen disables Continue with none). */
export const goalSelectionSchema = z
  .array(goalIdSchema)
  .min(1)
  .max(MAX_GOALS)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each goal can be chosen once.' });
export type GoalSelection = z.infer<typeof goalSelectionSchema>;

/** The catalogue entry of a stored goal id; undefined for an id no longer offered. */
export const goalById = (id: string): Goal | undefined => GOALS.find((g) => g.goal === id);
