import { describe, expect, it } from 'vitest';
import { BAND_COLOR, scoreBand, scoreColor } from './score-band';

describe('score colours', () => {
  it('uses the spec bands: under 50 negative, 50 to under 90 warning, 90 and up positive', () => {
    expect([0, 14, 49, 49.9, 50, 89, 89.9, 90, 100].map(scoreBand)).toEqual([
      'negative',
      'negative',
      'negative',
      'negative',
      'warning',
      'warning',
      'warning',
      'positive',
      'positive',
    ]);
  });

  it('maps each band to one Mantine colour', () => {
    expect([scoreColor(10), scoreColor(70), scoreColor(95)]).toEqual([
      BAND_COLOR.negative,
      BAND_COLOR.warning,
      BAND_COLOR.positive,
    ]);
  });
});
