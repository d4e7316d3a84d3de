import { COACH_FEATURES, type CoachFeature, type User } from '@agaton/contracts';
import { users } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';

type UserRow = typeof users.$inferSelect;

const knownFeatures = new Set<string>(COACH_FEATURES);

/** Maps a users row to the User contract (spec 1 §3). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    enabledFeatures: row.enabledFeatures.filter((f): f is CoachFeature => knownFeatures.has(f)),
    goals: row.goals,
    plan: {
      subscription: { trialStart: row.trialStart?.toISOString() ?? null, status: row.planStatus },
      features: { recording: { availableRecordingMinutes: row.availableRecordingMinutes } },
    },
  };
}

/** The signed-in coach: one primary-key lookup, so this stays cheap on the hottest read path. */
export async function getUser(ctx: AppContext, userId: string): Promise<User> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toUser(row);
}
