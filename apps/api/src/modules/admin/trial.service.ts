import { PLAN_TEXTS, type Product, TRIAL_GRANTS } from '@agaton/contracts';
import { candidates, members, organisations, type StoredProductAccess, type Transaction } from '@agaton/db';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type { OrgActor } from '../../lib/policy.ts';

type Tx = Transaction;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Trials past their end become trial-ended (spec 2 §4). The English Test's unused trial tests go with
 * the trial: trial-ended still grants access (results stay readable) but sends nothing more.
 * Returns the same object when nothing changed, so callers write only real changes.
 */
export function settleTrialExpiry(access: StoredProductAccess, now: Date): StoredProductAccess {
  let settled = access;
  for (const product of Object.keys(access) as Product[]) {
    const entry = access[product];
    if (entry.status !== 'trial-active' || !entry.trialEndsAt) continue;
    if (new Date(entry.trialEndsAt).getTime() > now.getTime()) continue;
    const ended = { ...entry, status: 'trial-ended' as const };
    if (product === 'recruitment') ended.testsLeftCount = 0;
    settled = { ...settled, [product]: ended };
  }
  return settled;
}

/**
 * Settles expiry when the organisation's access is read (GET /admin): stores the ended trials so every
 * later reader (sending tests, limits) sees the same state, and answers the settled access. The write
 * re-reads the row under a lock, so it never overwrites a count another request changed meanwhile.
 */
export async function readSettledAccess(
  ctx: AppContext,
  options: { orgId: string; stored: StoredProductAccess; now?: Date },
): Promise<StoredProductAccess> {
  const now = options.now ?? new Date();
  if (settleTrialExpiry(options.stored, now) === options.stored) return options.stored;
  return ctx.db.transaction(async (tx) => {
    const [org] = await tx
      .select({ access: organisations.productAccess })
      .from(organisations)
      .where(eq(organisations.id, options.orgId))
      .for('update');
    const current = org?.access ?? options.stored;
    const settled = settleTrialExpiry(current, now);
    if (settled !== current) {
      await tx
        .update(organisations)
        .set({ productAccess: settled })
        .where(eq(organisations.id, options.orgId));
    }
    return settled;
  });
}

/** Users a trial's two extra seats are counted from: trainees for the learning app, members otherwise. */
async function currentUsers(tx: Tx, orgId: string, product: Product): Promise<number> {
  if (product === 'training') {
    const [row] = await tx
      .select({ n: count() })
      .from(candidates)
      .where(and(eq(candidates.orgId, orgId), eq(candidates.isTrainee, true)));
    return row?.n ?? 0;
  }
  const [row] = await tx
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.isArchived, false)));
  return row?.n ?? 0;
}

export interface StartTrialOptions {
  /** The signed-in admin; only an OWNER may start a trial. */
  actor: OrgActor;
  /** The product to try. */
  product: Product;
  /** Clock of the request (tests move it). */
  now?: Date;
}

/**
 * Starts a 7-day trial of one product (spec 2 §4 "Product trial", §9): only from trial-available
 * (409 otherwise, so a second click or a stale tab starts nothing twice), owners only (403). The
 * English Test gets TRIAL_GRANTS.recruitmentTests tests; the other products two more users than the
 * organisation has now (maxUserCount = users + 2).
 */
export async function startTrial(ctx: AppContext, options: StartTrialOptions): Promise<void> {
  const { actor, product } = options;
  if (actor.role !== 'OWNER') throw new AppError('FORBIDDEN', PLAN_TEXTS.ownersOnly);
  const now = options.now ?? new Date();
  await ctx.db.transaction(async (tx) => {
    // Locked so two simultaneous starts see each other: the second answers 409.
    const [org] = await tx
      .select({ access: organisations.productAccess })
      .from(organisations)
      .where(eq(organisations.id, actor.orgId))
      .for('update');
    if (!org?.access) throw new AppError('NOT_FOUND');
    const access = settleTrialExpiry(org.access, now);
    const entry = access[product];
    if (entry.status !== 'trial-available') throw new AppError('CONFLICT', PLAN_TEXTS.trialNotAvailable);
    const started: StoredProductAccess[Product] = {
      ...entry,
      status: 'trial-active',
      trialEndsAt: new Date(now.getTime() + TRIAL_GRANTS.days * DAY_MS).toISOString(),
    };
    if (product === 'recruitment') {
      started.testsLeftCount = (entry.testsLeftCount ?? 0) + TRIAL_GRANTS.recruitmentTests;
    } else {
      started.maxUserCount = (await currentUsers(tx, actor.orgId, product)) + TRIAL_GRANTS.extraUsers;
    }
    await tx
      .update(organisations)
      .set({ productAccess: { ...access, [product]: started } })
      .where(eq(organisations.id, actor.orgId));
  });
}
