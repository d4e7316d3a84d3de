import type { Answer, FlagLevel } from '@agaton/contracts';
import { qaAnswerEvents, qaAnswers, qaItems, type Transaction } from '@agaton/db';
import { eq, sql } from 'drizzle-orm';
import { worstFlag } from './answer-model.ts';

/**
 * An answer's state once people are involved (issue 27; decision 022, "Reviews, disputes and
 * calibration"): a reviewer's override is the effective answer, with its own flag, and the item's
 * flag is the worst effective flag. Everything that reads or stores flags goes through here.
 */

/** An answer as it counts: a reviewer's override wins and needs no review (the SQL form is below). */
export function effectiveAnswer(row: typeof qaAnswers.$inferSelect): {
  answer: Answer;
  flagLevel: FlagLevel;
  needsReview: boolean;
} {
  if (row.overrideAnswer === null || row.overrideFlagLevel === null) {
    return { answer: row.answer, flagLevel: row.flagLevel, needsReview: row.needsReview };
  }
  return { answer: row.overrideAnswer, flagLevel: row.overrideFlagLevel, needsReview: false };
}

/** The flag of the answer in SQL (a query on qa_answers): a reviewer's override wins. */
export const effectiveFlag = sql<FlagLevel>`coalesce(${qaAnswers.overrideFlagLevel}, ${qaAnswers.flagLevel})`;

/**
 * Whether the answer (a query on qa_answers) is disputed: the latest of the agent's responses and the
 * reviewers' overrides (a confirmation is an override) is a dispute. Removing an override settles nothing.
 */
export const disputeOpen = sql<boolean>`coalesce((
  select ${qaAnswerEvents.kind} = 'DISPUTE' from ${qaAnswerEvents}
  where ${qaAnswerEvents.itemId} = ${qaAnswers.itemId} and ${qaAnswerEvents.questionId} = ${qaAnswers.questionId}
    and ${qaAnswerEvents.kind} <> 'OVERRIDE_REMOVED'
  order by ${qaAnswerEvents.seq} desc limit 1
), false)`;

/**
 * Locks an item's row for the rest of the transaction: answers of one item are written by analysis
 * jobs and by people, and its flag must be the worst of the answers committed before it.
 */
export async function lockItem(tx: Transaction, itemId: string) {
  await tx.select({ id: qaItems.id }).from(qaItems).where(eq(qaItems.id, itemId)).for('update');
}

/** Stores the item's flag: the worst effective flag of its answers (call under lockItem). */
export async function refreshItemFlag(tx: Transaction, itemId: string) {
  const flags = await tx.select({ flag: effectiveFlag }).from(qaAnswers).where(eq(qaAnswers.itemId, itemId));
  await tx
    .update(qaItems)
    .set({ flagLevel: worstFlag(flags.map((f) => f.flag)), updatedAt: new Date() })
    .where(eq(qaItems.id, itemId));
}
