import { BANDING_THRESHOLDS as T } from '../texts';

export type CefrBand = 'A1' | 'A2' | 'B1' | 'B2' | 'C1' | 'C2';

/** Average scores (0–100) per demo level; a level with no score counts as 0. */
export interface LevelAverages {
  low?: number;
  medium?: number;
  advanced?: number;
}

/**
 * Demo-test CEFR banding (spec 2 section 4), rules applied in the spec's order:
 * A1 if low < 75; A2 if medium < 80; B1 if medium < 90 or low < 50; B2 if advanced < 80;
 * C1 if advanced < 95 or medium < 50; otherwise C2.
 */
export function cefrBand(averages: LevelAverages): CefrBand {
  const low = averages.low ?? 0;
  const medium = averages.medium ?? 0;
  const advanced = averages.advanced ?? 0;
  if (low < T.low) return 'A1';
  if (medium < T.medium) return 'A2';
  if (medium < T.mediumHigh || low < T.guard) return 'B1';
  if (advanced < T.medium) return 'B2';
  if (advanced < T.advancedHigh || medium < T.guard) return 'C1';
  return 'C2';
}

/** Overall score = average score × share of completed levels (spec 2 section 4), rounded. */
export function overallScore(options: {
  average: number;
  completedLevels: number;
  totalLevels: number;
}): number {
  if (options.totalLevels <= 0) return 0;
  const share = Math.min(1, Math.max(0, options.completedLevels / options.totalLevels));
  return Math.round(options.average * share);
}

/** Transcript confidence label: ≥ 0.8 High, ≥ 0.5 Medium, otherwise Low (spec 3 section 4). */
export function intelligibilityLabel(confidence: number): 'High' | 'Medium' | 'Low' {
  if (confidence >= 0.8) return 'High';
  if (confidence >= 0.5) return 'Medium';
  return 'Low';
}

/** CEFR names (spec 1): used under the band letter on the results view. */
export const CEFR_NAMES: Record<CefrBand, string> = {
  A1: 'Beginner',
  A2: 'Elementary',
  B1: 'Intermediate',
  B2: 'Upper Intermediate',
  C1: 'Advanced',
  C2: 'Expert',
};
