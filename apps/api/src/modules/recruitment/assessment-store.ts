import { type AccessTokenClaims, RECRUITMENT_TEXTS as T } from '@agaton/contracts';
import {
  candidates,
  challengeActivities,
  challenges,
  type Database,
  organisations,
  type Transaction,
} from '@agaton/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { decideActivity, type IncomingActivity } from './activity-rules.ts';
import { type DrawnTest, drawnTestSchema } from './test-draw.ts';
import { type ActivityRow, computeState, type TestState } from './test-engine.ts';
import { computeResults } from './test-results.ts';

/**
 * The English test's writes: every activity goes through one transaction that locks the challenge
 * row, recomputes the state from the stored rows, applies the rules and stores at most one row, and
 * completes the challenge when its last part ends. The unique indexes on (challenge, key) and
 * (challenge, part, item) back the lock up.
 */

type Tx = Transaction;
type StoredActivity = typeof challengeActivities.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;

/** The challenge a candidate token was issued for, with its candidate and organisation (403 otherwise). */
export async function candidateChallenge(ctx: AppContext, claims: AccessTokenClaims) {
  if (claims.kind !== 'candidate' || !claims.challengeId) throw new AppError('FORBIDDEN');
  const [row] = await ctx.db
    .select({ challenge: challenges, candidate: candidates, org: organisations })
    .from(challenges)
    .innerJoin(candidates, eq(candidates.id, challenges.candidateId))
    .innerJoin(organisations, eq(organisations.id, challenges.orgId))
    .where(eq(challenges.id, claims.challengeId));
  if (!row || row.candidate.id !== claims.sub) throw new AppError('FORBIDDEN');
  return row;
}

/** A finished test answers 409, an expired code 403 (spec 2: a completed or expired code is closed). */
export function assertOpen(challenge: Pick<ChallengeRow, 'completedAt' | 'expiresAt'>, now: Date) {
  if (challenge.completedAt) throw new AppError('CONFLICT', T.testFinished);
  if (challenge.expiresAt && challenge.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('FORBIDDEN', T.testExpired);
  }
}

/** The drawn test of a challenge (drawn at the first sign-in, so always there behind a token). */
export function storedTest(challenge: Pick<ChallengeRow, 'test'>): DrawnTest {
  if (!challenge.test) throw new AppError('CONFLICT', T.partNotStarted);
  return drawnTestSchema.parse(challenge.test);
}

function toRow(a: StoredActivity): ActivityRow {
  return {
    type: a.type,
    part: a.part,
    level: a.level,
    itemId: a.itemId,
    score: a.score,
    createdAt: a.createdAt,
    answer: a.answer,
  };
}

/** Every activity of a challenge, oldest first. */
export async function activityRows(db: Database | Tx, challengeId: string): Promise<ActivityRow[]> {
  const rows = await db
    .select()
    .from(challengeActivities)
    .where(eq(challengeActivities.challengeId, challengeId))
    .orderBy(asc(challengeActivities.createdAt));
  return rows.map(toRow);
}

/** The activity stored under a client's idempotency key, if any. */
export async function activityByKey(db: Database | Tx, challengeId: string, key: string) {
  const [row] = await db
    .select()
    .from(challengeActivities)
    .where(
      and(eq(challengeActivities.challengeId, challengeId), eq(challengeActivities.idempotencyKey, key)),
    );
  return row ?? null;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export interface Applied {
  state: TestState;
  completedAt: Date | null;
  /** The row stored under the request's key: now, or by an earlier request with the same key. */
  row: StoredActivity | null;
  /** The request's answer was stored and counts. */
  counted: boolean;
}

/**
 * Applies one activity (or none: only closes a part whose clock ran out) under the challenge's lock.
 * `now` is when the request arrived, so scoring time never makes an answer late.
 */
export async function applyActivity(
  ctx: AppContext,
  options: {
    challengeId: string;
    test: DrawnTest;
    now: Date;
    activity?: IncomingActivity & { idempotencyKey: string };
    /** The answer's score and what results keep; required for answers. */
    measured?: { score: number; answer: Record<string, unknown> };
  },
): Promise<Applied> {
  const { challengeId, test, now, activity } = options;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ completedAt: challenges.completedAt })
        .from(challenges)
        .where(eq(challenges.id, challengeId))
        .for('update');
      if (!locked) throw new AppError('NOT_FOUND');
      const prior = activity ? await activityByKey(tx, challengeId, activity.idempotencyKey) : null;
      const rows = await activityRows(tx, challengeId);
      if (prior) {
        return {
          state: computeState(test, rows, now),
          completedAt: locked.completedAt,
          row: prior,
          counted: false,
        };
      }
      if (locked.completedAt) throw new AppError('CONFLICT', T.testFinished);
      const insert = async (
        values: Omit<typeof challengeActivities.$inferInsert, 'challengeId' | 'createdAt'>,
      ) => {
        const [row] = await tx
          .insert(challengeActivities)
          .values({ ...values, challengeId, createdAt: now })
          .returning();
        rows.push(toRow(row));
        return row;
      };

      let state = computeState(test, rows, now);
      if (state.overdue && state.overdue !== activity?.part) {
        const part = state.parts.find((p) => p.part === state.overdue);
        await insert({
          type: 'timeout',
          part: state.overdue,
          level: part?.level ?? null,
          itemId: null,
          idempotencyKey: `auto-timeout:${state.overdue}`,
        });
        state = computeState(test, rows, now);
      }
      let row: StoredActivity | null = null;
      let counted = false;
      if (activity) {
        const decision = decideActivity(state, activity);
        if (decision.kind !== 'noop') {
          counted = decision.kind === 'record' && decision.row.itemId !== null;
          if (counted && !options.measured) throw new AppError('INTERNAL');
          row = await insert({
            ...decision.row,
            idempotencyKey: activity.idempotencyKey,
            score: counted ? options.measured?.score : null,
            answer: counted ? options.measured?.answer : null,
          });
          state = computeState(test, rows, now);
        }
      }
      let completedAt: Date | null = locked.completedAt;
      if (state.isFinished && !completedAt) {
        const { resultsBlob, columns } = computeResults({ test, rows, now });
        completedAt = now;
        await tx
          .update(challenges)
          .set({ completedAt, resultsBlob, ...columns })
          .where(eq(challenges.id, challengeId));
      }
      return { state, completedAt, row, counted };
    });
  } catch (error) {
    // Only reachable past the lock by a write outside this path; the item stays answered once.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', T.alreadyAnswered);
    throw error;
  }
}
