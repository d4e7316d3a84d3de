import { signInThrottles } from '@agaton/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';

/** Wrong passwords (or test codes) in a row an account may have before each try must wait. */
export const FREE_FAILURES = 5;
/** Wait after the first failure past the free ones; it doubles with each further failure… */
const BASE_WAIT_SECONDS = 2;
/** …up to this. */
const MAX_WAIT_SECONDS = 15 * 60;

/** Seconds an account waits after `failures` wrong tries in a row (0 while they are free). */
export function backoffSeconds(failures: number) {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, BASE_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES));
}

/** One key per e-mail, whichever sign-in (coach, admin, candidate) it is tried on. */
function accountKey(email: string) {
  return email.trim().toLowerCase();
}

/**
 * Runs a password sign-in under the per-account limit (issue 16 part 2). While the account is waiting
 * its try is refused with 429 + Retry-After before the password is even checked; a WRONG_CREDENTIALS
 * failure counts one more and, past FREE_FAILURES, sets an exponentially longer wait; a success clears
 * the count. The state is a PostgreSQL row, so every api process shares it and many IPs gain nothing.
 */
export async function throttledSignIn<T>(
  ctx: AppContext,
  email: string,
  signIn: () => Promise<T>,
): Promise<T> {
  const key = accountKey(email);
  const [row] = await ctx.db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(eq(signInThrottles.accountKey, key));
  const waitMs = row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
  if (waitMs > 0) throw new AppError('RATE_LIMITED', undefined, { retryAfterSec: Math.ceil(waitMs / 1000) });
  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof AppError && error.code === 'WRONG_CREDENTIALS') await recordFailure(ctx, key);
    throw error;
  }
  if (row) await ctx.db.delete(signInThrottles).where(eq(signInThrottles.accountKey, key));
  return result;
}

async function recordFailure(ctx: AppContext, key: string) {
  // One statement, so concurrent failures each count. The wait is computed in SQL from the new count.
  const wait = sql`least(${MAX_WAIT_SECONDS}, ${BASE_WAIT_SECONDS} * power(2, greatest(0, ${signInThrottles.failures} + 1 - ${FREE_FAILURES})))`;
  await ctx.db
    .insert(signInThrottles)
    .values({ accountKey: key, failures: 1 })
    .onConflictDoUpdate({
      target: signInThrottles.accountKey,
      set: {
        failures: sql`${signInThrottles.failures} + 1`,
        lockedUntil: sql`case when ${signInThrottles.failures} + 1 >= ${FREE_FAILURES} then now() + make_interval(secs => ${wait}) else null end`,
        updatedAt: sql`now()`,
      },
    });
}
