import {
  type BillingProviderName,
  type CurrentPlan,
  findPlan,
  type Plan,
  type PlanId,
  TRIAL,
} from '@agaton/contracts';
import type { users } from '@agaton/db';
import type { SubscriptionSnapshot } from '../../providers/billing/billing-provider.ts';

/**
 * The plan rules of docs/decisions/014-billing.md as pure functions over the plan columns of a user,
 * so /app-user/me, the current plan, the recording check and the charge all agree without a job
 * that flips states at midnight: each reader settles what time has done since the row was written.
 */
export interface PlanState {
  status: 'ACTIVE' | 'TRIALING' | 'CANCELED';
  trialStart: Date | null;
  minutes: number;
  planId: string | null;
  provider: BillingProviderName | null;
  /** Start of the period the minutes were granted for. */
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** The users columns that hold a plan: all the rules read. */
export type PlanRow = Pick<
  typeof users.$inferSelect,
  | 'planStatus'
  | 'trialStart'
  | 'availableRecordingMinutes'
  | 'planId'
  | 'billingProvider'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
>;

const DAY_MS = 86_400_000;

export function stateOf(row: PlanRow): PlanState {
  return {
    status: row.planStatus,
    trialStart: row.trialStart,
    minutes: row.availableRecordingMinutes,
    planId: row.planId,
    provider: row.billingProvider,
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** The users columns that hold a plan state. */
export function columnsOf(state: PlanState) {
  return {
    planStatus: state.status,
    trialStart: state.trialStart,
    availableRecordingMinutes: state.minutes,
    planId: state.planId,
    billingProvider: state.provider,
    currentPeriodStart: state.periodStart,
    currentPeriodEnd: state.periodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
}

/** When the 7-day trial that started at `trialStart` ends. */
export function trialEndOf(trialStart: Date | null): Date | null {
  return trialStart ? new Date(trialStart.getTime() + TRIAL.days * DAY_MS) : null;
}

/** The same day and time `months` calendar months later, on the month's last day when it is shorter. */
export function addMonths(date: Date, months: number): Date {
  const out = new Date(date);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  return out;
}

/** Minutes a paid period of this plan grants. */
export function allowanceOf(planId: string | null): number {
  return findPlan(planId ?? undefined)?.monthlyRecordingMinutes ?? 0;
}

const ended = (state: PlanState, at: Date | null): PlanState => ({
  ...state,
  status: 'CANCELED',
  minutes: 0,
  cancelAtPeriodEnd: false,
  periodEnd: at ?? state.periodEnd,
});

/**
 * Applies what time has done: a trial ends after 7 days; a subscription set to cancel ends at its
 * period end; a local subscription renews each month with a fresh allowance. A Stripe subscription
 * renews when Stripe says so (its webhook), never by our clock alone.
 */
export function settle(state: PlanState, now: Date): PlanState {
  if (state.status === 'TRIALING') {
    const trialEnd = trialEndOf(state.trialStart);
    return trialEnd && now >= trialEnd ? ended(state, null) : state;
  }
  if (state.status !== 'ACTIVE' || !state.periodEnd || now < state.periodEnd) return state;
  if (state.cancelAtPeriodEnd) return ended(state, state.periodEnd);
  if (state.provider !== 'local') return state;
  let start = state.periodEnd;
  let end = addMonths(start, 1);
  while (end <= now) {
    start = end;
    end = addMonths(start, 1);
  }
  return { ...state, periodStart: start, periodEnd: end, minutes: allowanceOf(state.planId) };
}

/** Payment went through: the plan is ACTIVE for a month from now with a full allowance. */
export function activate(
  state: PlanState,
  options: { planId: PlanId; provider: BillingProviderName; now: Date },
): PlanState {
  return {
    ...state,
    status: 'ACTIVE',
    planId: options.planId,
    provider: options.provider,
    periodStart: options.now,
    periodEnd: addMonths(options.now, 1),
    cancelAtPeriodEnd: false,
    minutes: allowanceOf(options.planId),
  };
}

/**
 * Merges the provider's subscription into the stored plan. A new paid period (or the first one)
 * grants the allowance again; the same period seen twice (a replayed or reordered event) changes
 * nothing, so applying a snapshot is idempotent.
 */
export function applySnapshot(state: PlanState, snapshot: SubscriptionSnapshot, now: Date): PlanState {
  const current = settle(state, now);
  if (snapshot.status === null) return current;
  const base = { ...current, planId: snapshot.planId, provider: snapshot.provider };
  if (snapshot.status === 'CANCELED') return ended(base, snapshot.endedAt ?? snapshot.periodEnd);
  const paid = snapshot.status === 'ACTIVE';
  const newPeriod =
    current.status !== 'ACTIVE' ||
    !current.periodStart ||
    snapshot.periodStart.getTime() > current.periodStart.getTime();
  const renew = paid && newPeriod;
  return {
    ...base,
    status: 'ACTIVE',
    periodStart: renew ? snapshot.periodStart : current.periodStart,
    periodEnd: snapshot.periodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    minutes: renew ? allowanceOf(snapshot.planId) : current.minutes,
  };
}

/** May this plan record now (spec 1 §5): ACTIVE or TRIALING, with minutes left. */
export function mayRecord(state: PlanState): boolean {
  return state.status !== 'CANCELED' && state.minutes > 0;
}

/** The plan as GET /app-user/me shows it (spec 1 §3), settled to `now`. */
export function toPlan(row: PlanRow, now = new Date()): Plan {
  const state = settle(stateOf(row), now);
  return {
    subscription: {
      trialStart: state.trialStart?.toISOString() ?? null,
      status: state.status,
      planId: state.planId,
      currentPeriodEnd: state.periodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    },
    features: { recording: { availableRecordingMinutes: state.minutes } },
  };
}

/** GET /billing/current-plan: the settled plan with the trial end, the allowance and the provider. */
export function toCurrentPlan(row: PlanRow, provider: BillingProviderName, now = new Date()): CurrentPlan {
  const state = settle(stateOf(row), now);
  const paid = state.planId ? findPlan(state.planId) : undefined;
  return {
    subscription: {
      trialStart: state.trialStart?.toISOString() ?? null,
      status: state.status,
      trialEnd: trialEndOf(state.trialStart)?.toISOString() ?? null,
      planId: paid?.id ?? null,
      currentPeriodEnd: state.periodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    },
    features: {
      recording: {
        availableRecordingMinutes: state.minutes,
        monthlyAllowance: state.status === 'ACTIVE' ? allowanceOf(state.planId) : null,
      },
    },
    provider,
  };
}
