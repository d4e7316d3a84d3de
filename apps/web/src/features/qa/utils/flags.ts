import { FLAG_PRIORITY, type FlagLevel, type QcBullet } from '@agaton/contracts';

/** Badge colour and label of each flag level (spec 3 §3.3). */
export const FLAG_STYLE: Record<FlagLevel, { color: string; label: string }> = {
  RED: { color: 'red', label: 'Red' },
  YELLOW: { color: 'yellow', label: 'Yellow' },
  GREEN: { color: 'green', label: 'Green' },
  UNSPECIFIED: { color: 'gray', label: 'Not applicable' },
};

/** Orders flags worst first by the spec's priority (red 3, yellow 2, green 1, unspecified 0). */
export function compareFlags(a: FlagLevel, b: FlagLevel): number {
  return FLAG_PRIORITY[b] - FLAG_PRIORITY[a];
}

/** A QA report's answers, worst flag first, then in the scorecard's order. */
export function bulletsWorstFirst(bullets: readonly QcBullet[]): QcBullet[] {
  return bullets
    .map((bullet, index) => ({ bullet, index }))
    .sort((x, y) => compareFlags(x.bullet.flagLevel, y.bullet.flagLevel) || x.index - y.index)
    .map((x) => x.bullet);
}

/** The QA Alerts table's sortable columns (the API's static sort fields). */
export type QaSortField = 'timestamp' | 'flagLevel' | 'user';
export interface QaSort {
  field: QaSortField;
  order: 'asc' | 'desc';
}

/** Spec 3 §2.4: alert time, newest first. */
export const DEFAULT_SORT: QaSort = { field: 'timestamp', order: 'desc' };

/**
 * The sort after a click on a column header: the same column flips its order; another column starts
 * with its natural order (flags worst first, time newest first, agents A to Z).
 */
export function nextSort(current: QaSort, field: QaSortField): QaSort {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: field === 'user' ? 'asc' : 'desc' };
}

/** 'Yes', 'No' or 'Not applicable'. */
export function answerLabel(answer: QcBullet['answer']): string {
  return answer === 'YES' ? 'Yes' : answer === 'NO' ? 'No' : 'Not applicable';
}
