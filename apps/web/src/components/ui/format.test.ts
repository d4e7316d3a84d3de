import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, formatDuration } from './format';

describe('formatDuration (hh:mm:ss)', () => {
  it.each([
    [0, '00:00:00'],
    [9, '00:00:09'],
    [59.4, '00:00:59'],
    [59.6, '00:01:00'],
    [754, '00:12:34'],
    [3725, '01:02:05'],
    [36_000, '10:00:00'],
    [360_000, '100:00:00'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows nonsense as zero rather than NaN', () => {
    expect(formatDuration(-5)).toBe('00:00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00:00');
  });
});

describe('dates and the player clock', () => {
  it('formats Unix seconds and ISO strings alike', () => {
    const seconds = new Date(2026, 2, 14, 10, 32).getTime() / 1000;
    expect(formatDateTime(seconds)).toBe('14 Mar 2026, 10:32');
    expect(formatDate(new Date(2026, 2, 14, 10, 32).toISOString())).toBe('14 Mar 2026');
  });

  it('counts minutes under an hour and hours from an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
