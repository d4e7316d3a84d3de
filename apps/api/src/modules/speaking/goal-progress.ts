import { type Goal, type GoalFocus, type GoalId, goalById } from '@agaton/contracts';
import { AVERAGE_WPM, averagePace, type Figures } from './speaking-figures.ts';

/** How progress on a goal is read from the figures. */
export interface GoalMeasure {
  value: (f: Figures) => number | null;
  /** The value in a phrase: "pronunciation score 76/100". */
  phrase: (value: number) => string;
  /** The value alone, for "up from …": "71". */
  short: (value: number) => string;
  better: 'higher' | 'lower' | 'towards-average';
  /** Changes smaller than this are "about the same". */
  tolerance: number;
  /** Why there is no value, when there is none. */
  missing: string;
}

const score = (name: string, value: (f: Figures) => number | null): GoalMeasure => ({
  value,
  phrase: (v) => `${name} score ${v}/100`,
  short: String,
  better: 'higher',
  tolerance: 2,
  missing: `no ${name} score yet (it needs at least 10 of your words, clearly made out)`,
});

const perMinute = (what: string, value: (f: Figures) => number | null): GoalMeasure => ({
  value,
  phrase: (v) => `${v} ${what} per minute of speaking`,
  short: String,
  better: 'lower',
  tolerance: 0.3,
  missing: 'no speaking time measured yet',
});

/** How each focus area is measured (the report writers compare these between periods too). */
export const MEASURE_BY_FOCUS: Record<GoalFocus, GoalMeasure> = {
  pronunciation: score('pronunciation', (f) => f.pronunciation),
  fluency: score('fluency', (f) => f.fluency),
  intelligibility: score('intelligibility', (f) => f.intelligibility),
  'test-prep': score('overall', (f) => f.total),
  fillers: perMinute('filler words', (f) => f.fillersPerMinute),
  pace: {
    value: (f) => f.wordsPerMinute,
    phrase: (v) => `a pace of ${v} words per minute (the average is ${averagePace})`,
    short: String,
    better: 'towards-average',
    tolerance: 3,
    missing: 'no pace yet (it needs at least 10 words of yours)',
  },
  confidence: {
    value: (f) => f.talkShare,
    phrase: (v) => `you spoke ${v}% of the time`,
    short: (v) => `${v}%`,
    better: 'higher',
    tolerance: 2,
    missing: 'no speaking time measured yet',
  },
  vocabulary: {
    value: (f) => f.wordVariety,
    phrase: (v) => `vocabulary variety ${v}/100`,
    short: String,
    better: 'higher',
    tolerance: 2,
    missing: 'not measured yet (it needs a session with at least 50 words we could make out clearly)',
  },
};

/** Goals measured more narrowly than their focus. */
export const MEASURE_BY_GOAL: Partial<Record<GoalId, GoalMeasure>> = {
  FEWER_LONG_PAUSES: perMinute('pauses of 0.7 s or more', (f) => f.longPausesPerMinute),
};

export const goalMeasure = (goal: Goal): GoalMeasure =>
  MEASURE_BY_GOAL[goal.goal] ?? MEASURE_BY_FOCUS[goal.focus];

/** The user's goals that the catalogue knows, in their order (ids no longer offered are skipped). */
export const knownGoals = (ids: string[]): Goal[] =>
  ids.map(goalById).filter((g): g is Goal => g !== undefined);

const distanceFromAverage = (wpm: number) =>
  wpm < AVERAGE_WPM.min ? AVERAGE_WPM.min - wpm : wpm > AVERAGE_WPM.max ? wpm - AVERAGE_WPM.max : 0;

/** Whether `now` is better than `before` on this measure. */
export function progressOf(
  measure: GoalMeasure,
  now: number,
  before: number,
): 'improved' | 'slipped' | 'same' {
  const gain =
    measure.better === 'higher'
      ? now - before
      : measure.better === 'lower'
        ? before - now
        : distanceFromAverage(before) - distanceFromAverage(now);
  return Math.abs(gain) < measure.tolerance ? 'same' : gain > 0 ? 'improved' : 'slipped';
}

/**
 * One line on a goal: its figure now and, with earlier figures, which way it moved
 * ("Use fewer filler words: 2.1 filler words per minute of speaking, down from 3.4: improved.").
 */
export function goalLine(goal: Goal, now: Figures, before: Figures | null): string {
  const m = goalMeasure(goal);
  const value = m.value(now);
  const head = `${goal.humanReadableGoalName}: `;
  if (value === null) return `${head}${m.missing}.`;
  const previous = before ? m.value(before) : null;
  if (previous === null) return `${head}${m.phrase(value)}. This is the figure to improve on.`;
  const direction = value > previous ? 'up' : value < previous ? 'down' : null;
  const from = direction ? `, ${direction} from ${m.short(previous)}` : ', unchanged';
  const said = { improved: 'improved', slipped: 'slipped back', same: 'about the same' }[
    progressOf(m, value, previous)
  ];
  return `${head}${m.phrase(value)}${from}: ${said}.`;
}
