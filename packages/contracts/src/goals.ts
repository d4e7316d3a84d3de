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
/**
 * Texts of the goal-selection screen and the goal calls: the spec's own (spec 1 §2 and §8, its typo
 * 'of the error persists' included) and the validation answers of PUT /api/app-user/goals.
 */
export const goalTexts = {
  heading: 'Select your goals',
  /** Where the coach area offers to change them later. */
  yourGoals: 'Your goals',
  loadFailed: 'Failed to load preferences.',
  saveFailed: 'Failed to save your goals. Please try again or contact support of the error persists.',
  tooFew: 'Choose at least one goal.',
  tooMany: 'Choose at most three goals.',
  duplicate: 'Each goal can be chosen once.',
  unknown: (id: unknown) => `${JSON.stringify(id)} is not one of the goals on offer.`,
} as const;

export const goalIdSchema = z.enum(GOAL_IDS, { error: (issue) => goalTexts.unknown(issue.input) });
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
  .min(1, goalTexts.tooFew)
  .max(MAX_GOALS, goalTexts.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, { message: goalTexts.duplicate });
export type GoalSelection = z.infer<typeof goalSelectionSchema>;

/** A goal as the preferences call offers it (spec 1 §3 "Goal preferences"). */
export const availableGoalSchema = z.object({ goal: goalIdSchema, humanReadableGoalName: z.string() });
export type AvailableGoal = z.infer<typeof availableGoalSchema>;

/** GET /api/app-user/preferences, and the answer of PUT /api/app-user/goals. */
export const userPreferencesResponseSchema = z.object({
  userPreferences: z.object({ goalPreferences: z.object({ goals: z.array(goalIdSchema) }) }),
  globalGoalSpecification: z.object({ availableGoals: z.array(availableGoalSchema) }),
});
export type UserPreferencesResponse = z.infer<typeof userPreferencesResponseSchema>;

/** PUT /api/app-user/goals */
export const setGoalsRequestSchema = z.object({ goals: goalSelectionSchema });
export type SetGoalsRequest = z.infer<typeof setGoalsRequestSchema>;

/** The catalogue entry of a stored goal id; undefined for an id no longer offered. */
export const goalById = (id: string): Goal | undefined => GOALS.find((g) => g.goal === id);
