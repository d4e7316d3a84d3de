import { describe, expect, it } from 'vitest';
import { cefrBand, intelligibilityLabel, overallScore } from './banding';

describe('cefrBand', () => {
  it.each([
    [{ low: 74.9, medium: 100, advanced: 100 }, 'A1'],
    [{ low: 75, medium: 79, advanced: 100 }, 'A2'],
    [{ low: 80, medium: 85, advanced: 100 }, 'B1'],
    [{ low: 95, medium: 92, advanced: 79 }, 'B2'],
    [{ low: 95, medium: 92, advanced: 94 }, 'C1'],
    [{ low: 95, medium: 92, advanced: 95 }, 'C2'],
  ] as const)('%o is %s', (averages, band) => {
    expect(cefrBand(averages)).toBe(band);
  });

  it('applies the rules in order: a weak low level caps the band even with strong higher levels', () => {
    expect(cefrBand({ low: 60, medium: 99, advanced: 99 })).toBe('A1');
  });

  it('counts a level without scores as 0', () => {
    expect(cefrBand({ low: 90 })).toBe('A2');
    expect(cefrBand({})).toBe('A1');
  });
});

describe('overallScore', () => {
  it('multiplies the average by the share of completed levels', () => {
    expect(overallScore({ average: 90, completedLevels: 2, totalLevels: 3 })).toBe(60);
    expect(overallScore({ average: 81, completedLevels: 3, totalLevels: 3 })).toBe(81);
    expect(overallScore({ average: 81, completedLevels: 0, totalLevels: 3 })).toBe(0);
  });
});

describe('intelligibilityLabel', () => {
  it('labels confidence High at 0.8, Medium at 0.5', () => {
    expect([0.8, 0.79, 0.5, 0.49].map(intelligibilityLabel)).toEqual(['High', 'Medium', 'Medium', 'Low']);
  });
});
