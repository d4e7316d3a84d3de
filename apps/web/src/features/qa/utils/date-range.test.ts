import { QA_DATE_PRESETS } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { endOfDay, periodSeconds, pickedPeriod, presetPeriod } from './date-range';

/** Local time, so the tests hold in any time zone. */
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);
const wednesday = at(2026, 11, 25, 15, 30);

describe('QA Dashboard date presets (spec 3 §2.5)', () => {
  it('offers the six presets with This Week first as the default', () => {
    expect(QA_DATE_PRESETS[0]).toBe('This Week');
    expect([...QA_DATE_PRESETS].sort()).toEqual(
      ['Last Month', 'Last Week', 'This Month', 'This Week', 'Today', 'Yesterday'].sort(),
    );
  });

  it('This Week runs Monday to Sunday 23:59:59, whatever weekday it is', () => {
    expect(presetPeriod('This Week', wednesday)).toEqual({
      from: at(2026, 11, 23),
      to: at(2026, 11, 29, 23, 59, 59),
    });
    // On a Sunday the week is the one that started six days before, not the coming one.
    expect(presetPeriod('This Week', at(2026, 11, 29, 10))).toEqual({
      from: at(2026, 11, 23),
      to: at(2026, 11, 29, 23, 59, 59),
    });
    expect(presetPeriod('This Week', at(2026, 11, 23, 0, 0))).toEqual({
      from: at(2026, 11, 23),
      to: at(2026, 11, 29, 23, 59, 59),
    });
  });

  it('Last Week is the Monday-to-Sunday week before', () => {
    expect(presetPeriod('Last Week', at(2026, 11, 29, 10))).toEqual({
      from: at(2026, 11, 16),
      to: at(2026, 11, 22, 23, 59, 59),
    });
  });

  it('Today and Yesterday are whole days, also across a month end', () => {
    expect(presetPeriod('Today', wednesday)).toEqual({
      from: at(2026, 11, 25),
      to: at(2026, 11, 25, 23, 59, 59),
    });
    expect(presetPeriod('Yesterday', at(2026, 12, 1, 8))).toEqual({
      from: at(2026, 11, 30),
      to: at(2026, 11, 30, 23, 59, 59),
    });
  });

  it('This Month and Last Month run from the first to 23:59:59 of the last day', () => {
    expect(presetPeriod('This Month', wednesday)).toEqual({
      from: at(2026, 11, 1),
      to: at(2026, 11, 30, 23, 59, 59),
    });
    expect(presetPeriod('Last Month', at(2027, 1, 10))).toEqual({
      from: at(2026, 12, 1),
      to: at(2026, 12, 31, 23, 59, 59),
    });
    expect(presetPeriod('Last Month', at(2027, 3, 31))).toEqual({
      from: at(2027, 2, 1),
      to: at(2027, 2, 28, 23, 59, 59),
    });
  });
});

describe('picked date ranges (spec 3 §5)', () => {
  it('ends at 23:59:59 of the chosen last day', () => {
    expect(endOfDay(at(2026, 11, 25, 8, 15))).toEqual(at(2026, 11, 25, 23, 59, 59));
    expect(pickedPeriod(['2026-11-02', '2026-11-05'])).toEqual({
      from: at(2026, 11, 2),
      to: at(2026, 11, 5, 23, 59, 59),
    });
    expect(pickedPeriod([at(2026, 11, 2, 13), at(2026, 11, 2, 13)])).toEqual({
      from: at(2026, 11, 2),
      to: at(2026, 11, 2, 23, 59, 59),
    });
  });

  it('waits for both ends', () => {
    expect(pickedPeriod(['2026-11-02', null])).toBeNull();
    expect(pickedPeriod([null, null])).toBeNull();
  });

  it("sends whole seconds, the last day's 23:59:59 included", () => {
    const period = { from: at(2026, 11, 2), to: at(2026, 11, 2, 23, 59, 59) };
    const { fromTime, toTime } = periodSeconds(period);
    expect(toTime - fromTime).toBe(24 * 3600 - 1);
    expect(fromTime).toBe(period.from.getTime() / 1000);
  });
});
