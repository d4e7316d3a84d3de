import type { InsightPeriod } from '@agaton/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A period's bounds: `from` inclusive (null = since the beginning), `to` exclusive. */
export interface PeriodRange {
  from: Date | null;
  to: Date;
}

/** Midnight UTC of the Monday of the week holding `at` (weeks run Monday to Sunday). */
export function mondayOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/**
 * The bounds of a named period at `now`, in UTC (docs/decisions/018): the current week is Monday
 * 00:00 to next Monday 00:00, the last week the seven days before it, the current month its first day
 * to the next month's, the last 30 days the 30 × 24 hours up to now, all time everything up to now.
 */
export function periodRange(name: InsightPeriod, now: Date): PeriodRange {
  switch (name) {
    case 'current-week': {
      const from = mondayOf(now);
      return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
    }
    case 'last-week': {
      const to = mondayOf(now);
      return { from: new Date(to.getTime() - 7 * DAY_MS), to };
    }
    case 'current-month':
      return {
        from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
        to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
      };
    case 'last-30-days':
      return { from: new Date(now.getTime() - 30 * DAY_MS), to: now };
    case 'all-time':
      return { from: null, to: now };
  }
}
