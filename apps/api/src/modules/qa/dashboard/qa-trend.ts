import type { QaTrendBucket } from '@agaton/contracts';
import { AppError } from '../../../lib/app-error.ts';

/**
 * The QA Performance Trend's buckets (decision 022): a trend needs several points, so the bucket
 * follows the period's length — hours for a period of up to two days (Today, Yesterday), days up to
 * 62 days (the weeks and months the dashboard offers), weeks (from Monday) up to 366 days, months
 * beyond. Every bucket of the period is listed, empty ones too, so the axis spans the whole period.
 * Keys are local to the query's time zone: `YYYY-MM-DDTHH:00` (hour), `YYYY-MM-DD` (day, and the
 * Monday of a week), `YYYY-MM` (month).
 */
const HOUR = 3600;
const DAY = 24 * HOUR;

export function trendBucketFor(fromTime: number, toTime: number): QaTrendBucket {
  // The UI's periods end at 23:59:59, one second short of whole days.
  const span = toTime - fromTime + 1;
  if (span <= 2 * DAY) return 'hour';
  if (span <= 62 * DAY) return 'day';
  if (span <= 366 * DAY) return 'week';
  return 'month';
}

/** YYYY-MM-DD and the hour of a moment in a time zone; an unknown zone is the caller's mistake (400). */
function localParts(timeZone: string) {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    throw new AppError('VALIDATION', 'Unknown time zone', {
      details: [{ path: 'timeZone', message: 'Unknown time zone' }],
    });
  }
  return (at: Date) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: parts.hour };
  };
}

/** The Monday (YYYY-MM-DD) of the week a local day falls in. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** A function giving the bucket key of a moment, for a bucket size and time zone. */
export function trendKeyer(bucket: QaTrendBucket, timeZone: string): (at: Date) => string {
  const parts = localParts(timeZone);
  return (at) => {
    const { day, hour } = parts(at);
    switch (bucket) {
      case 'hour':
        return `${day}T${hour}:00`;
      case 'day':
        return day;
      case 'week':
        return mondayOf(day);
      case 'month':
        return day.slice(0, 7);
    }
  };
}

/**
 * Every bucket key of the period, in order. Moments are sampled every hour for hours, every 6 hours
 * for days (a local day lasts at least 23 hours) and every day for weeks and months, so none is missed.
 */
export function trendKeys(fromTime: number, toTime: number, bucket: QaTrendBucket, timeZone: string) {
  const keyOf = trendKeyer(bucket, timeZone);
  const step = bucket === 'hour' ? HOUR : bucket === 'day' ? 6 * HOUR : DAY;
  const keys = new Set<string>();
  for (let t = fromTime; t <= toTime; t += step) keys.add(keyOf(new Date(t * 1000)));
  keys.add(keyOf(new Date(toTime * 1000)));
  return [...keys].sort();
}
