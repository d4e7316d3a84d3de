import type { CefrLevelName } from './scoring.ts';

/** CEFR levels in order; their position + 1 is the numeric level 1..6 (spec 2 §3). */
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const satisfies readonly CefrLevelName[];

/** CEFR names (spec 2 §3: A1 Beginner … C2 Expert). */
export const CEFR_NAMES: Record<CefrLevelName, string> = {
  A1: 'Beginner',
  A2: 'Elementary',
  B1: 'Intermediate',
  B2: 'Upper Intermediate',
  C1: 'Advanced',
  C2: 'Expert',
};

/** CEFR level as the number 1..6 (spec 2 §3). */
export function cefrNumber(level: CefrLevelName): number {
  return CEFR_LEVELS.indexOf(level) + 1;
}

/** The CEFR level of a number 1..6 (clamped, rounded down). */
export function cefrFromNumber(value: number): CefrLevelName {
  const index = Math.min(6, Math.max(1, Math.floor(value))) - 1;
  return CEFR_LEVELS[index];
}

/** Demo-test banding thresholds (spec 2 §9): 75, 80, 90, 95 with a level guard of 50. */
export const BANDING_THRESHOLDS = {
  low: 75,
  medium: 80,
  mediumHigh: 90,
  advancedHigh: 95,
  guard: 50,
} as const;

/** Average scores (0–100) per test level; a level with no score counts as 0. */
export interface LevelAverages {
  low?: number;
  medium?: number;
  advanced?: number;
}

/**
 * Demo-test CEFR banding (spec 2 §4), rules applied in the spec's order:
 * A1 if low < 75; A2 if medium < 80; B1 if medium < 90 or low < 50; B2 if advanced < 80;
 * C1 if advanced < 95 or medium < 50; otherwise C2.
 */
export function cefrBand(averages: LevelAverages): CefrLevelName {
  const T = BANDING_THRESHOLDS;
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

/** Overall score = average score × share of completed levels (spec 2 §4), rounded. */
export function overallScore(options: {
  average: number;
  completedLevels: number;
  totalLevels: number;
}): number {
  if (options.totalLevels <= 0) return 0;
  const share = Math.min(1, Math.max(0, options.completedLevels / options.totalLevels));
  return Math.round(options.average * share);
}
