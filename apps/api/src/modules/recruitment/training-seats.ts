import { hasProductAccess, PLAN_TEXTS } from '@agaton/contracts';
import { candidates, organisations } from '@agaton/db';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from './send-test.service.ts';

/**
 * Refuses (402, 'You have reached your users limit') to add `newUsers` trainees past the learning
 * app's maxUserCount (spec 2 §9: during a trial, two more users than the organisation had). The
 * organisation row is locked so two admins adding at once cannot both take the last seat. Without
 * access to the app, or without a maximum, nothing is counted.
 */
export async function assertTrainingSeats(tx: Tx, orgId: string, newUsers: number): Promise<void> {
  if (newUsers < 1) return;
  const [org] = await tx
    .select({ access: organisations.productAccess })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .for('update');
  const training = org?.access?.training;
  // Only an organisation using the app has seats; without access the app's own page offers the trial.
  if (!training || !hasProductAccess(training) || training.maxUserCount === undefined) return;
  const max = training.maxUserCount;
  const [row] = await tx
    .select({ n: count() })
    .from(candidates)
    .where(and(eq(candidates.orgId, orgId), eq(candidates.isTrainee, true)));
  if ((row?.n ?? 0) + newUsers > max) throw new AppError('PAYMENT_REQUIRED', PLAN_TEXTS.limitUsers);
}
