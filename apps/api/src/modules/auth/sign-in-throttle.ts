import { createHash } from 'node:crypto';
import { type Database, signInThrottles } from '@agaton/db';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
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

/** Where the failure counts live: PostgreSQL by default, Redis when REDIS_URL is set. */
interface ThrottleStore {
  /** Milliseconds the account must still wait (0: it may try), and whether it has failures on record. */
  read(key: string): Promise<{ waitMs: number; recorded: boolean }>;
  /** Counts one more failure and, past FREE_FAILURES, starts the wait of `backoffSeconds(count)`. */
  recordFailure(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Runs a password sign-in under the per-account limit (issue 16 part 2). While the account is waiting
 * its try is refused with 429 + Retry-After before the password is even checked; a WRONG_CREDENTIALS
 * failure counts one more and, past FREE_FAILURES, sets an exponentially longer wait; a success clears
 * the count. The state is shared by every api process (a PostgreSQL row, or Redis keys), so many IPs
 * gain nothing. An unreachable store refuses the sign-in (503) rather than letting guesses through.
 */
export async function throttledSignIn<T>(
  ctx: AppContext,
  email: string,
  signIn: () => Promise<T>,
): Promise<T> {
  const store = ctx.redis ? redisStore(ctx.redis) : postgresStore(ctx.db);
  const key = accountKey(email);
  const { waitMs, recorded } = await storeCall(ctx, () => store.read(key));
  if (waitMs > 0) throw new AppError('RATE_LIMITED', undefined, { retryAfterSec: Math.ceil(waitMs / 1000) });
  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof AppError && error.code === 'WRONG_CREDENTIALS') {
      await storeCall(ctx, () => store.recordFailure(key));
    }
    throw error;
  }
  if (recorded) await storeCall(ctx, () => store.clear(key));
  return result;
}

/** A Redis failure becomes 503 BUSY with Retry-After (database failures keep their own handling). */
async function storeCall<T>(ctx: AppContext, run: () => Promise<T>): Promise<T> {
  if (!ctx.redis) return run();
  try {
    return await run();
  } catch (error) {
    ctx.log.error({ err: error }, 'sign-in throttle store unreachable');
    throw new AppError('BUSY', undefined, { retryAfterSec: 5 });
  }
}

function postgresStore(db: Database): ThrottleStore {
  return {
    async read(key) {
      const [row] = await db
        .select({ lockedUntil: signInThrottles.lockedUntil })
        .from(signInThrottles)
        .where(eq(signInThrottles.accountKey, key));
      return {
        waitMs: row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0,
        recorded: row !== undefined,
      };
    },
    async recordFailure(key) {
      // One statement, so concurrent failures each count. The wait is computed in SQL from the new count.
      const wait = sql`least(${MAX_WAIT_SECONDS}, ${BASE_WAIT_SECONDS} * power(2, greatest(0, ${signInThrottles.failures} + 1 - ${FREE_FAILURES})))`;
      await db
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
    },
    async clear(key) {
      await db.delete(signInThrottles).where(eq(signInThrottles.accountKey, key));
    },
  };
}

/** Counts idle this long are forgotten, as the database's cleanup does with its rows. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

/**
 * One script, so concurrent failures each count: the count key lives a day past its last failure; the
 * lock key exists exactly as long as the wait (its PTTL is the wait, on Redis's clock, not ours).
 */
const RECORD_FAILURE = `
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
local free, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if n >= free then
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(math.min(max, base * 2 ^ (n - free)) * 1000))
end
return n`;

function redisStore(redis: Redis): ThrottleStore {
  // The e-mail address is hashed: Redis holds no addresses.
  const keys = (key: string) => {
    const id = createHash('sha256').update(key).digest('hex');
    return { count: `agaton:sign-in:${id}:failures`, lock: `agaton:sign-in:${id}:lock` };
  };
  return {
    async read(key) {
      const { count, lock } = keys(key);
      const [recorded, ttl] = await Promise.all([redis.exists(count), redis.pttl(lock)]);
      return { waitMs: Math.max(0, ttl), recorded: recorded > 0 };
    },
    async recordFailure(key) {
      const { count, lock } = keys(key);
      await redis.eval(
        RECORD_FAILURE,
        2,
        count,
        lock,
        FREE_FAILURES,
        BASE_WAIT_SECONDS,
        MAX_WAIT_SECONDS,
        FORGET_AFTER_SECONDS,
      );
    },
    async clear(key) {
      const { count, lock } = keys(key);
      await redis.del(count, lock);
    },
  };
}
