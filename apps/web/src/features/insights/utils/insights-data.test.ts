import { describe, expect, it } from 'vitest';
import { type ChartPoint, latestWithChange, mean, rateDomain } from './insights-data';

const point = (wordsPerMinute: number | null, pronunciation = 70) =>
  ({ wordsPerMinute, pronunciation }) as unknown as ChartPoint;

describe('insights figures', () => {
  it('gives the latest value and its change since the session before', () => {
    expect(latestWithChange([point(1, 60), point(1, 71)], 'pronunciation')).toEqual({
      value: 71,
      change: 11,
    });
    expect(latestWithChange([point(1, 60)], 'pronunciation')).toEqual({ value: 60, change: null });
    expect(latestWithChange([], 'pronunciation')).toBeNull();
  });

  it('averages the measured values only', () => {
    expect(mean([120, null, 131])).toBe(126);
    expect(mean([null])).toBeNull();
  });

  it('keeps the 120–150 band and every rate in view', () => {
    const band = { min: 120, max: 150 };
    expect(rateDomain([point(null)], band)).toEqual([100, 180]);
    expect(rateDomain([point(95), point(188)], band)).toEqual([80, 200]);
  });
});
