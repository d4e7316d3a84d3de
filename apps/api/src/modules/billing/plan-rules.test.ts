import { RECORD_MEETING_MONTHLY_MINUTES } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import type { SubscriptionSnapshot } from '../../providers/billing/billing-provider.ts';
import { activate, addMonths, applySnapshot, mayRecord, type PlanState, settle } from './plan-rules.ts';

const at = (iso: string) => new Date(iso);

const trial: PlanState = {
  status: 'TRIALING',
  trialStart: at('2026-11-01T10:00:00Z'),
  minutes: 100,
  planId: null,
  provider: null,
  periodStart: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
};

const snapshot = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  provider: 'stripe',
  userId: 'u1',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  planId: 'record-meeting',
  status: 'ACTIVE',
  periodStart: at('2026-11-03T00:00:00Z'),
  periodEnd: at('2026-12-03T00:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
  ...over,
});

describe('plan rules', () => {
  it('adds calendar months, on the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T09:00:00Z'), 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addMonths(at('2028-01-31T09:00:00Z'), 1).toISOString()).toBe('2028-02-29T09:00:00.000Z');
    expect(addMonths(at('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('keeps a trial for 7 days, then ends it with no minutes', () => {
    expect(settle(trial, at('2026-11-08T09:59:59Z'))).toEqual(trial);
    const ended = settle(trial, at('2026-11-08T10:00:00Z'));
    expect(ended).toMatchObject({ status: 'CANCELED', minutes: 0, trialStart: trial.trialStart });
    expect(mayRecord(ended)).toBe(false);
    expect(mayRecord({ ...trial, minutes: 0 })).toBe(false);
    expect(mayRecord(trial)).toBe(true);
  });

  it('activates for a month with the allowance, and renews a local plan each month', () => {
    const now = at('2026-11-03T12:00:00Z');
    const active = activate(trial, { planId: 'record-meeting', provider: 'local', now });
    expect(active).toMatchObject({
      status: 'ACTIVE',
      minutes: RECORD_MEETING_MONTHLY_MINUTES,
      periodEnd: at('2026-12-03T12:00:00Z'),
    });
    const used = { ...active, minutes: 7 };
    expect(settle(used, at('2026-12-03T11:59:59Z')).minutes).toBe(7);
    // Two months and a bit later: the period in force then, with a fresh allowance.
    const later = settle(used, at('2027-01-10T00:00:00Z'));
    expect(later).toMatchObject({
      status: 'ACTIVE',
      minutes: RECORD_MEETING_MONTHLY_MINUTES,
      periodStart: at('2027-01-03T12:00:00Z'),
      periodEnd: at('2027-02-03T12:00:00Z'),
    });
  });

  it('ends a cancelled plan at its period end and leaves a Stripe renewal to Stripe', () => {
    const active = activate(trial, {
      planId: 'record-meeting',
      provider: 'local',
      now: at('2026-11-03T00:00:00Z'),
    });
    const cancelling = { ...active, cancelAtPeriodEnd: true };
    expect(settle(cancelling, at('2026-12-02T00:00:00Z')).status).toBe('ACTIVE');
    expect(settle(cancelling, at('2026-12-03T00:00:00Z'))).toMatchObject({
      status: 'CANCELED',
      minutes: 0,
      periodEnd: at('2026-12-03T00:00:00Z'),
    });
    const stripe = { ...active, provider: 'stripe' as const, minutes: 5 };
    expect(settle(stripe, at('2026-12-04T00:00:00Z'))).toEqual(stripe);
  });

  it('grants the allowance once per paid period, whatever order or how often events come', () => {
    const now = at('2026-11-03T00:00:01Z');
    const first = applySnapshot(trial, snapshot(), now);
    expect(first).toMatchObject({
      status: 'ACTIVE',
      minutes: RECORD_MEETING_MONTHLY_MINUTES,
      provider: 'stripe',
    });
    const used = { ...first, minutes: 300 };
    expect(applySnapshot(used, snapshot(), now).minutes).toBe(300);
    const next = snapshot({ periodStart: at('2026-12-03T00:00:00Z'), periodEnd: at('2027-01-03T00:00:00Z') });
    const renewed = applySnapshot(used, next, at('2026-12-03T00:00:05Z'));
    expect(renewed.minutes).toBe(RECORD_MEETING_MONTHLY_MINUTES);
    // The older period arriving late changes nothing but the dates it carries.
    expect(applySnapshot({ ...renewed, minutes: 10 }, snapshot(), at('2026-12-03T00:00:06Z')).minutes).toBe(
      10,
    );
  });

  it('keeps a plan whose renewal payment is retried, without new minutes, and ends a cancelled one', () => {
    const first = { ...applySnapshot(trial, snapshot(), at('2026-11-03T00:00:01Z')), minutes: 40 };
    const unpaid = snapshot({
      status: 'ACTIVE_UNPAID',
      periodStart: at('2026-12-03T00:00:00Z'),
      periodEnd: at('2027-01-03T00:00:00Z'),
    });
    const pastDue = applySnapshot(first, unpaid, at('2026-12-03T01:00:00Z'));
    expect(pastDue).toMatchObject({ status: 'ACTIVE', minutes: 40, periodStart: first.periodStart });
    const paid = applySnapshot(pastDue, { ...unpaid, status: 'ACTIVE' }, at('2026-12-04T00:00:00Z'));
    expect(paid.minutes).toBe(RECORD_MEETING_MONTHLY_MINUTES);
    const over = applySnapshot(
      paid,
      snapshot({ status: 'CANCELED', endedAt: at('2026-12-10T00:00:00Z') }),
      at('2026-12-10T00:00:01Z'),
    );
    expect(over).toMatchObject({ status: 'CANCELED', minutes: 0, periodEnd: at('2026-12-10T00:00:00Z') });
    expect(applySnapshot(trial, snapshot({ status: null }), at('2026-11-03T00:00:00Z'))).toEqual(trial);
  });
});
