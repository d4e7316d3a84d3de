import {
  GOALS,
  type GoalId,
  type GoalSelection,
  goalById,
  type UserPreferencesResponse,
} from '@agaton/contracts';
import { users } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';

/** The catalogue as the preferences call offers it (spec 1 §3: goal and humanReadableGoalName). */
const availableGoals = GOALS.map(({ goal, humanReadableGoalName }) => ({ goal, humanReadableGoalName }));

/** Stored ids the catalogue no longer offers are left out, so the picker never shows a ghost choice. */
function preferencesOf(stored: readonly string[]): UserPreferencesResponse {
  const goals = stored.filter((id): id is GoalId => goalById(id) !== undefined);
  return {
    userPreferences: { goalPreferences: { goals } },
    globalGoalSpecification: { availableGoals },
  };
}

/** The coach's chosen goals beside the goals on offer (GET /app-user/preferences). */
export async function getPreferences(ctx: AppContext, options: { userId: string }) {
  const [row] = await ctx.db
    .select({ goals: users.goals })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return preferencesOf(row.goals);
}

/**
 * Replaces the coach's goals (PUT /app-user/goals); the body is already one to three distinct known
 * ids. Coaching reports and session summaries read them from users.goals.
 */
export async function setGoals(ctx: AppContext, options: { userId: string; goals: GoalSelection }) {
  const [row] = await ctx.db
    .update(users)
    .set({ goals: [...options.goals] })
    .where(eq(users.id, options.userId))
    .returning({ goals: users.goals });
  if (!row) throw new AppError('UNAUTHENTICATED');
  return preferencesOf(row.goals);
}
