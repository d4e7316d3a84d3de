import { MAX_GOALS } from '@agaton/contracts';

/**
 * Texts of the goal screens that the spec does not give (its own are `goalTexts` in
 * @agaton/contracts); kept apart so they are easy to review or replace.
 */
export const GOAL_INVENTED_TEXTS = {
  intro:
    'Choose one to three goals. Your session feedback and coaching reports will track your progress on them.',
  chosen: (n: number) => `${n} of ${MAX_GOALS} chosen`,
  atLimit: 'Unselect a goal to choose a different one.',
  continue: 'Continue',
  save: 'Save goals',
  cancel: 'Cancel',
  saved: 'Your goals are saved.',
  modalIntro: 'Your session feedback and coaching reports track your progress on these goals.',
  retry: 'Retry',
  supportLead: 'If this keeps happening, contact support at',
  list: 'Goals',
} as const;
