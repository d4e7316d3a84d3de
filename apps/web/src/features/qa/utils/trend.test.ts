import { describe, expect, it } from 'vitest';
import { trendLabels } from './trend';

const point = (date: string) => ({ date, averageScore: null, items: 0 });

describe('trendLabels', () => {
  it('labels the hours of one day by the hour, and of two days with the day', () => {
    expect(trendLabels('hour', [point('2026-11-26T00:00'), point('2026-11-26T13:00')])).toEqual([
      '00:00',
      '13:00',
    ]);
    expect(trendLabels('hour', [point('2026-11-25T23:00'), point('2026-11-26T00:00')])).toEqual([
      '25 Nov 23:00',
      '26 Nov 00:00',
    ]);
  });

  it('labels days, weeks by their Monday and months', () => {
    expect(trendLabels('day', [point('2026-11-09')])).toEqual(['9 Nov']);
    expect(trendLabels('week', [point('2026-11-23')])).toEqual(['w/c 23 Nov']);
    expect(trendLabels('month', [point('2026-11')])).toEqual(['Nov 2026']);
  });
});
