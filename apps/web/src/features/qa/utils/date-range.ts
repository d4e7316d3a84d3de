import type { QaDatePreset } from '@agaton/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** A period of the QA screens: its first moment and 23:59:59 of its last day (spec 3 §2.5, §5). */
export interface QaPeriod {
  from: Date;
  to: Date;
}

/** 23:59:59 of the day `value` falls on, in the browser's time zone (spec 3 §5). */
export function endOfDay(value: Date): Date {
  return dayjs(value).hour(23).minute(59).second(59).millisecond(0).toDate();
}

/** 00:00:00 of the day `value` falls on. */
export function startOfDay(value: Date): Date {
  return dayjs(value).startOf('day').toDate();
}

/** Monday 00:00 of the week `day` falls in (weeks start on Monday). */
function mondayOf(day: Dayjs): Dayjs {
  const sinceMonday = (day.day() + 6) % 7;
  return day.startOf('day').subtract(sinceMonday, 'day');
}

/**
 * The period of a QA Dashboard date preset (spec 3 §2.5) as of `now`: weeks run Monday to Sunday,
 * and every period ends at 23:59:59 of its last day — this week and this month end on their last day,
 * not today, so a call later today still counts.
 */
export function presetPeriod(preset: QaDatePreset, now: Date = new Date()): QaPeriod {
  const today = dayjs(now).startOf('day');
  const period = (first: Dayjs, last: Dayjs): QaPeriod => ({
    from: first.toDate(),
    to: endOfDay(last.toDate()),
  });
  switch (preset) {
    case 'Today':
      return period(today, today);
    case 'Yesterday':
      return period(today.subtract(1, 'day'), today.subtract(1, 'day'));
    case 'This Week':
      return period(mondayOf(today), mondayOf(today).add(6, 'day'));
    case 'Last Week': {
      const monday = mondayOf(today).subtract(7, 'day');
      return period(monday, monday.add(6, 'day'));
    }
    case 'This Month':
      return period(today.startOf('month'), today.endOf('month'));
    case 'Last Month': {
      const first = today.subtract(1, 'month').startOf('month');
      return period(first, first.endOf('month'));
    }
  }
}

/** A picked range of days (either end may be missing while the user picks) as a period, or null. */
export function pickedPeriod(range: readonly [Date | string | null, Date | string | null]): QaPeriod | null {
  const [first, last] = range;
  if (!first || !last) return null;
  // Date strings are local days ('2026-11-10'), which dayjs reads in the browser's zone.
  return { from: startOfDay(dayjs(first).toDate()), to: endOfDay(dayjs(last).toDate()) };
}

/** The QA Alerts' default: the last 30 days, today included. */
export function recentPeriod(now: Date = new Date(), days = 30): QaPeriod {
  return {
    from: dayjs(now)
      .startOf('day')
      .subtract(days - 1, 'day')
      .toDate(),
    to: endOfDay(now),
  };
}

/** A period as the API's seconds (fromTime, toTime). */
export function periodSeconds(period: QaPeriod): { fromTime: number; toTime: number } {
  return {
    fromTime: Math.floor(period.from.getTime() / 1000),
    toTime: Math.floor(period.to.getTime() / 1000),
  };
}
