import { createHash, randomUUID } from 'node:crypto';
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

/** A try counted before its password is checked, with what a give-back needs to undo it. */
interface Reservation {
  /** The wait this try started (past FREE_FAILURES), identified so a give-back lifts only its own. */
  lock: string | null;
}

/** Where the failure counts live: PostgreSQL by default, Redis when REDIS_URL is set. */
interface ThrottleStore {
  /**
   * In one atomic step: refuses while the account waits (with the milliseconds left), else counts this
   * try as a failure and, past FREE_FAILURES, starts the wait of `backoffSeconds(count)`. Counting
   * before the check is what stops concurrent tries from all reading "not waiting" (issue 24).
   */
  reserve(key: string): Promise<{ reservation: Reservation } | { waitMs: number }>;
  /** Undoes a reservation whose try was no guess (a server fault, a finished test): one count less. */
  release(key: string, reservation: Reservation): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Runs a password sign-in under the per-account limit (issue 16 part 2). Each try is counted as a
 * failure before the password is checked (issue 24: concurrent tries cannot all slip past a read), so
 * while the account waits a try is refused with 429 + Retry-After and its password is never checked.
 * A WRONG_CREDENTIALS failure keeps its count; a success clears the count; any other error gives the
 * reservation back, so a server fault never locks a user out. The state is shared by every api process
 * (a PostgreSQL row, or Redis keys), so many IPs gain nothing. An unreachable store refuses the sign-in
 * (503) rather than letting guesses through.
 */
export async function throttledSignIn<T>(
  ctx: AppContext,
  email: string,
  signIn: () => Promise<T>,
): Promise<T> {
  const store = ctx.redis ? redisStore(ctx.redis) : postgresStore(ctx.db);
  const key = accountKey(email);
  const reserved = await storeCall(ctx, () => store.reserve(key));
  if ('waitMs' in reserved) {
    throw new AppError('RATE_LIMITED', undefined, {
      retryAfterSec: Math.max(1, Math.ceil(reserved.waitMs / 1000)),
    });
  }
  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'WRONG_CREDENTIALS')) {
      await giveBack(ctx, () => store.release(key, reserved.reservation));
    }
    throw error;
  }
  await storeCall(ctx, () => store.clear(key));
  return result;
}

/** The caller's own error is what the client must see; a give-back that fails is only logged. */
async function giveBack(ctx: AppContext, release: () => Promise<void>) {
  try {
    await release();
  } catch (error) {
    ctx.log.error({ err: error }, 'sign-in throttle could not give a reservation back');
  }
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
  const t = signInThrottles;
  return {
    async reserve(key) {
      // One statement: the row lock of ON CONFLICT DO UPDATE serialises concurrent tries, and one that
      // finds the account waiting updates nothing and returns no row. The wait is truncated to
      // milliseconds so the Date handed back identifies it exactly (release compares it).
      const wait = sql`least(${MAX_WAIT_SECONDS}, ${BASE_WAIT_SECONDS} * power(2, ${t.failures} + 1 - ${FREE_FAILURES}))`;
      const [row] = await db
        .insert(t)
        // A first failure is always free (FREE_FAILURES > 1), so a new row never waits.
        .values({ accountKey: key, failures: 1 })
        .onConflictDoUpdate({
          target: t.accountKey,
          set: {
            failures: sql`${t.failures} + 1`,
            lockedUntil: sql`case when ${t.failures} + 1 >= ${FREE_FAILURES}
              then date_trunc('milliseconds', now() + make_interval(secs => ${wait})) end`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`,
        })
        .returning({ lockedUntil: t.lockedUntil });
      if (row) return { reservation: { lock: row.lockedUntil?.toISOString() ?? null } };
      // Refused: this read only sizes Retry-After (the decision was the statement above).
      const [held] = await db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.accountKey, key));
      return { waitMs: held?.lockedUntil ? held.lockedUntil.getTime() - Date.now() : 0 };
    },
    async release(key, reservation) {
      // The wait goes only if it is still the one this try started (a later try may have started its own).
      const lock = reservation.lock
        ? sql`case when ${t.lockedUntil} = ${reservation.lock}::timestamptz then null else ${t.lockedUntil} end`
        : t.lockedUntil;
      await db
        .update(t)
        .set({ failures: sql`greatest(0, ${t.failures} - 1)`, lockedUntil: lock })
        .where(eq(t.accountKey, key));
    },
    async clear(key) {
      await db.delete(t).where(eq(t.accountKey, key));
    },
  };
}

/** Counts idle this long are forgotten, as the database's cleanup does with its rows. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

/**
 * One script, so concurrent tries are counted one by one: refused (with the lock's PTTL) while the lock
 * key exists, else counted; the count key lives a day past its last try; the lock key exists exactly as
 * long as the wait (its PTTL is the wait, on Redis's clock, not ours) and holds the reservation's id.
 */
const RESERVE = `
local held = redis.call('PTTL', KEYS[2])
if held > 0 then return {0, held} end
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
local free, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if n >= free then
  redis.call('SET', KEYS[2], ARGV[5], 'PX', math.floor(math.min(max, base * 2 ^ (n - free)) * 1000))
  return {1, 1}
end
return {1, 0}`;

/** Gives one count back, and the lock with it if it is still the one this reservation set. */
const RELEASE = `
if ARGV[1] ~= '' and redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 1 then redis.call('DECR', KEYS[1]) elseif n == 1 then redis.call('DEL', KEYS[1]) end
return n`;

function redisStore(redis: Redis): ThrottleStore {
  // The e-mail address is hashed: Redis holds no addresses.
  const keys = (key: string) => {
    const id = createHash('sha256').update(key).digest('hex');
    return { count: `agaton:sign-in:${id}:failures`, lock: `agaton:sign-in:${id}:lock` };
  };
  return {
    async reserve(key) {
      const { count, lock } = keys(key);
      const id = randomUUID();
      const [counted, value] = (await redis.eval(
        RESERVE,
        2,
        count,
        lock,
        FREE_FAILURES,
        BASE_WAIT_SECONDS,
        MAX_WAIT_SECONDS,
        FORGET_AFTER_SECONDS,
        id,
      )) as [number, number];
      if (!counted) return { waitMs: value };
      return { reservation: { lock: value ? id : null } };
    },
    async release(key, reservation) {
      const { count, lock } = keys(key);
      await redis.eval(RELEASE, 2, count, lock, reservation.lock ?? '');
    },
    async clear(key) {
      const { count, lock } = keys(key);
      await redis.del(count, lock);
    },
  };
}
