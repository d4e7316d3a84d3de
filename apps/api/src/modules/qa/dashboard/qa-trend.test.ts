import { describe, expect, it } from 'vitest';
import { trendBucketFor, trendKeyer, trendKeys } from './qa-trend.ts';

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
/** A period as the dashboard sends it: from 00:00 of the first day to 23:59:59 of the last. */
const days = (first: string, last: string) =>
  [seconds(`${first}T00:00:00Z`), seconds(`${last}T23:59:59Z`)] as const;

describe('QA trend buckets', () => {
  it('chooses hours for a day, days for a week or a month, then weeks and months', () => {
    expect(trendBucketFor(...days('2026-11-26', '2026-11-26'))).toBe('hour');
    expect(trendBucketFor(...days('2026-11-25', '2026-11-26'))).toBe('hour');
    expect(trendBucketFor(...days('2026-11-23', '2026-11-29'))).toBe('day');
    expect(trendBucketFor(...days('2026-10-01', '2026-10-31'))).toBe('day');
    expect(trendBucketFor(...days('2026-01-01', '2026-06-30'))).toBe('week');
    expect(trendBucketFor(...days('2024-01-01', '2026-06-30'))).toBe('month');
  });

  it('lists every hour of a day, every day of a week and of a month, in order', () => {
    const today = trendKeys(...days('2026-11-26', '2026-11-26'), 'hour', 'UTC');
    expect(today).toHaveLength(24);
    expect(today[0]).toBe('2026-11-26T00:00');
    expect(today[23]).toBe('2026-11-26T23:00');
    const week = trendKeys(...days('2026-11-23', '2026-11-29'), 'day', 'UTC');
    expect(week).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(trendKeys(...days('2026-10-01', '2026-10-31'), 'day', 'UTC')).toHaveLength(31);
  });

  it('counts a day of a browser elsewhere in its own zone, a DST change included', () => {
    // 25 October 2026 in Berlin has 25 hours (clocks go back at 03:00 CEST).
    const from = seconds('2026-10-24T22:00:00Z');
    const to = seconds('2026-10-25T22:59:59Z');
    expect(trendBucketFor(from, to)).toBe('hour');
    const hours = trendKeys(from, to, 'hour', 'Europe/Berlin');
    expect(hours[0]).toBe('2026-10-25T00:00');
    expect(hours.at(-1)).toBe('2026-10-25T23:00');
    expect(hours).toHaveLength(24);
    const keyOf = trendKeyer('day', 'Europe/Berlin');
    expect(keyOf(new Date('2026-10-25T22:30:00Z'))).toBe('2026-10-25');
    expect(keyOf(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-26');
  });

  it('keys weeks by their Monday and months by YYYY-MM', () => {
    const week = trendKeyer('week', 'UTC');
    expect(week(new Date('2026-11-29T12:00:00Z'))).toBe('2026-11-23');
    expect(week(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(trendKeyer('month', 'UTC')(new Date('2026-11-29T12:00:00Z'))).toBe('2026-11');
    const half = trendKeys(...days('2026-01-01', '2026-06-30'), 'week', 'UTC');
    expect(half[0]).toBe('2025-12-29');
    expect(half.at(-1)).toBe('2026-06-29');
    expect(trendKeys(...days('2024-01-01', '2026-06-30'), 'month', 'UTC')).toHaveLength(30);
  });

  it('refuses an unknown time zone as bad input', () => {
    expect(() => trendKeyer('day', 'Mars/Olympus')).toThrow(/Unknown time zone/);
  });
});
