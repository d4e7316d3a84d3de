import { type ActivityType, RECRUITMENT_TEXTS as T, type TestLevel, type TestPart } from '@agaton/contracts';
import { AppError } from '../../lib/app-error.ts';
import { answerTypeOf, isAnswer, type TestState } from './test-engine.ts';

/** An activity as the candidate sent it (its idempotency key is handled before these rules). */
export interface IncomingActivity {
  type: ActivityType;
  part: TestPart;
  level?: TestLevel;
  itemId?: string;
}

/** The row an accepted activity adds (challenge_activities, without score and answer). */
export interface ActivityFields {
  type: ActivityType;
  part: TestPart;
  level: TestLevel | null;
  itemId: string | null;
}

export type Decision =
  /** Store this row: a start, a timeout or an answer to the current item. */
  | { kind: 'record'; row: ActivityFields }
  /** The answer came after the part's clock and grace: store a timeout instead (not counted). */
  | { kind: 'late'; row: ActivityFields }
  /** Nothing to store (a repeated start, a timeout of a part already over). */
  | { kind: 'noop' };

/**
 * Whether an activity may be stored now, given the test's state (computed under the challenge's
 * lock). Refusals are 409 CONFLICT with the candidate-facing reason, 400 for a type that does not
 * answer the part. Parts are started in order; an answer must be for the current item of the
 * in-progress part; an answer or a start for a part whose clock ran out (past the grace) closes it.
 */
export function decideActivity(state: TestState, activity: IncomingActivity): Decision {
  const part = state.parts.find((p) => p.part === activity.part);
  if (!part) throw new AppError('VALIDATION');
  const timeout: ActivityFields = { type: 'timeout', part: part.part, level: part.level, itemId: null };

  if (state.overdue === part.part) return { kind: 'late', row: timeout };

  if (activity.type === 'start-part') {
    if (part.state !== 'not-started') return { kind: 'noop' };
    if (state.currentPart !== part.part) throw new AppError('CONFLICT', T.partOutOfOrder);
    return { kind: 'record', row: { type: 'start-part', part: part.part, level: part.level, itemId: null } };
  }

  if (activity.type === 'timeout') {
    if (part.state === 'finished') return { kind: 'noop' };
    if (part.state === 'not-started') throw new AppError('CONFLICT', T.partNotStarted);
    return { kind: 'record', row: timeout };
  }

  if (!isAnswer(activity.type) || answerTypeOf(part.part) !== activity.type) {
    throw new AppError('VALIDATION', T.wrongActivityType);
  }
  if (part.state === 'not-started') throw new AppError('CONFLICT', T.partNotStarted);
  if (activity.itemId && part.answeredIds.includes(activity.itemId)) {
    throw new AppError('CONFLICT', T.alreadyAnswered);
  }
  if (part.state === 'finished' || activity.itemId !== part.itemId) {
    throw new AppError('CONFLICT', T.notCurrentItem);
  }
  if (activity.level && activity.level !== part.level) throw new AppError('CONFLICT', T.notCurrentItem);
  return {
    kind: 'record',
    row: { type: activity.type, part: part.part, level: part.level, itemId: part.itemId },
  };
}
