import { COACH_FEATURES, type CoachFeature, type User } from '@agaton/contracts';
import { type Database, users } from '@agaton/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { toPlan } from '../billing/index.ts';

/** What GET /app-user/me shows of a user: the profile and the plan columns, nothing else. */
const ME_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  enabledFeatures: users.enabledFeatures,
  goals: users.goals,
  planStatus: users.planStatus,
  trialStart: users.trialStart,
  availableRecordingMinutes: users.availableRecordingMinutes,
  planId: users.planId,
  billingProvider: users.billingProvider,
  currentPeriodStart: users.currentPeriodStart,
  currentPeriodEnd: users.currentPeriodEnd,
  cancelAtPeriodEnd: users.cancelAtPeriodEnd,
};
type UserRow = Pick<typeof users.$inferSelect, keyof typeof ME_COLUMNS>;

const knownFeatures = new Set<string>(COACH_FEATURES);

/** Maps a users row to the User contract (spec 1 §3); the plan is settled to now (decision 014). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    enabledFeatures: row.enabledFeatures.filter((f): f is CoachFeature => knownFeatures.has(f)),
    goals: row.goals,
    plan: toPlan(row),
  };
}

function prepareUserById(db: Database) {
  return db
    .select(ME_COLUMNS)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
}
const userById = new WeakMap<Database, ReturnType<typeof prepareUserById>>();

/**
 * The signed-in coach: one primary-key lookup of the columns shown through a prepared statement (about
 * 3x cheaper than an ad-hoc query on PostgreSQL), so GET /app-user/me stays cheap on the hottest read
 * path.
 */
export async function getUser(ctx: AppContext, userId: string): Promise<User> {
  let query = userById.get(ctx.db);
  if (!query) {
    query = prepareUserById(ctx.db);
    userById.set(ctx.db, query);
  }
  const [row] = await query.execute({ id: userId });
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toUser(row);
}
