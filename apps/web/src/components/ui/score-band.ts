/** Score colour bands (spec 1 and spec 3 section 9): below 50 negative, 50 to under 90 warning, 90+ positive. */
export const SCORE_BANDS = { warningFrom: 50, positiveFrom: 90 } as const;

export type ScoreBand = 'negative' | 'warning' | 'positive';

/** The band of a 0–100 score. */
export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_BANDS.positiveFrom) return 'positive';
  if (score >= SCORE_BANDS.warningFrom) return 'warning';
  return 'negative';
}

/** Mantine colour for each band. */
export const BAND_COLOR: Record<ScoreBand, string> = { negative: 'red', warning: 'orange', positive: 'teal' };

/** Mantine colour of a score, e.g. for a pill or a chart dot. */
export const scoreColor = (score: number) => BAND_COLOR[scoreBand(score)];
