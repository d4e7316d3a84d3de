import type { InsightFigures, InsightMetric, TrainingInsights } from '@agaton/contracts';
import { TR_LABELS } from '../texts';

const L = TR_LABELS.cards;

/** One figure card: a score (0–100, coloured by band), a share (0–100, not coloured) or a count. */
export interface FigureCard {
  key: string;
  label: string;
  value: number | null;
  kind: 'score' | 'share' | 'count';
  unit?: string;
  hint?: string;
}

/** The cards of a group's figures, in the order of spec 2 §2. */
export function figureCards(f: InsightFigures): FigureCard[] {
  const H = TR_LABELS.cardHints;
  return [
    {
      key: 'overall',
      label: L.overallScore,
      value: f.overallScore,
      kind: 'score',
      hint: H.attempts(f.attempts),
    },
    { key: 'study', label: L.studyTime, value: f.studyMinutes, kind: 'count', hint: H.studyTime },
    { key: 'pronunciation', label: L.pronunciation, value: f.pronunciation, kind: 'score' },
    { key: 'content', label: L.contentScore, value: f.contentScore, kind: 'score' },
    {
      key: 'fluency',
      label: L.fluency,
      value: f.fluency?.score ?? null,
      kind: 'score',
      hint: H.wordsPerMinute(f.fluency?.wordsPerMinute ?? null),
    },
    { key: 'pausing', label: L.pausing, value: f.pausingShare, kind: 'share', unit: '%', hint: H.share },
    {
      key: 'hesitation',
      label: L.hesitation,
      value: f.hesitationShare,
      kind: 'share',
      unit: '%',
      hint: H.share,
    },
    { key: 'silence', label: L.silence, value: f.silenceShare, kind: 'share', unit: '%', hint: H.share },
    { key: 'lessons', label: L.lessons, value: f.lessonsCompleted, kind: 'count', hint: H.lessons },
    { key: 'words', label: L.wordsSaid, value: f.wordsSaid, kind: 'count' },
  ];
}

/** Metrics the day-of-week chart can show, and how to read each from a day's figures. */
export const DAY_CHART_METRICS = [
  {
    metric: 'overall-score',
    label: L.overallScore,
    percent: true,
    read: (f: InsightFigures) => f.overallScore,
  },
  {
    metric: 'study-time',
    label: `${L.studyTime} (min)`,
    percent: false,
    read: (f: InsightFigures) => f.studyMinutes,
  },
  {
    metric: 'pronunciation',
    label: L.pronunciation,
    percent: true,
    read: (f: InsightFigures) => f.pronunciation,
  },
  {
    metric: 'content-score',
    label: L.contentScore,
    percent: true,
    read: (f: InsightFigures) => f.contentScore,
  },
  {
    metric: 'fluency',
    label: L.fluency,
    percent: true,
    read: (f: InsightFigures) => f.fluency?.score ?? null,
  },
  {
    metric: 'fluency-pausing',
    label: `${L.pausing} (%)`,
    percent: true,
    read: (f: InsightFigures) => f.pausingShare,
  },
  {
    metric: 'fluency-hesitation',
    label: `${L.hesitation} (%)`,
    percent: true,
    read: (f: InsightFigures) => f.hesitationShare,
  },
  {
    metric: 'fluency-silence',
    label: `${L.silence} (%)`,
    percent: true,
    read: (f: InsightFigures) => f.silenceShare,
  },
  {
    metric: 'lessons-completed',
    label: L.lessons,
    percent: false,
    read: (f: InsightFigures) => f.lessonsCompleted,
  },
  { metric: 'words-said', label: L.wordsSaid, percent: false, read: (f: InsightFigures) => f.wordsSaid },
] as const satisfies readonly {
  metric: InsightMetric;
  label: string;
  /** A 0–100 figure: the chart's axis runs 0 to 100. */
  percent: boolean;
  read: (f: InsightFigures) => number | null;
}[];

export type DayChartMetric = (typeof DAY_CHART_METRICS)[number]['metric'];

/** Mon–Sun points of one metric; a day without practice has no value (a gap, not a zero score). */
export function dayChartData(days: NonNullable<TrainingInsights['cohort']>['days'], metric: DayChartMetric) {
  const entry = DAY_CHART_METRICS.find((m) => m.metric === metric) ?? DAY_CHART_METRICS[0];
  return (days ?? []).map(({ day, figures }) => ({
    day,
    value: figures.attempts > 0 ? entry.read(figures) : null,
    attempts: figures.attempts,
  }));
}

/** A figure as the cards print it: '–' without data, one decimal at most, the unit after. */
export function formatFigure(value: number | null, unit = ''): string {
  if (value === null) return '–';
  const rounded = Math.round(value * 10) / 10;
  return `${rounded.toLocaleString('en-GB')}${unit}`;
}
