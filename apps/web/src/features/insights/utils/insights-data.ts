import { INSIGHTS_MIN_SESSIONS, type InsightSession, type Insights } from '@agaton/contracts';
import { formatDateTime, formatShortDate } from '../../../components/ui/format';

/** One chart point per analysed session, oldest first, with its date as the x-axis label. */
export interface ChartPoint {
  /** Axis label, e.g. '14 Mar'. */
  session: string;
  /** Tooltip label, e.g. '14 Mar 2026, 10:32'. */
  when: string;
  pronunciation: number;
  fluency: number;
  intelligibility: number;
  clarity: number;
  /** Share of the meeting the coach spoke, 0–100. */
  talkShare: number;
  wordsSaid: number;
  /** Null when too few words were said to measure. */
  wordsPerMinute: number | null;
  pausesPerMinute: number;
  fillersPerMinute: number;
  hesitationsPerSentence: number;
}

const one = (n: number) => Math.round(n * 10) / 10;

export function toChartPoints(sessions: readonly InsightSession[]): ChartPoint[] {
  return sessions.map((s) => ({
    session: formatShortDate(s.timestampSeconds),
    when: formatDateTime(s.timestampSeconds),
    pronunciation: Math.round(s.pronunciation),
    fluency: Math.round(s.fluency),
    intelligibility: Math.round(s.intelligibility),
    clarity: Math.round(s.clarity),
    talkShare: Math.round(s.speakingTimePercentage),
    wordsSaid: s.wordsSaid,
    wordsPerMinute: s.wordsPerMinute === null ? null : Math.round(s.wordsPerMinute),
    pausesPerMinute: one(s.pausesPerMinute),
    fillersPerMinute: one(s.fillersPerMinute),
    hesitationsPerSentence: one(s.hesitationsAndPausesPerSentence),
  }));
}

/** Enough analysed sessions for trends (below: the empty state). */
export const hasEnoughSessions = (insights: Insights) => insights.sessions.length >= INSIGHTS_MIN_SESSIONS;

export type Metric = 'pronunciation' | 'fluency' | 'intelligibility' | 'clarity';

/** The latest value of a metric and its change since the session before, rounded. */
export function latestWithChange(points: readonly ChartPoint[], metric: Metric | 'talkShare') {
  const last = points.at(-1);
  const previous = points.at(-2);
  if (!last) return null;
  return { value: last[metric], change: previous ? last[metric] - previous[metric] : null };
}

/** Mean of the numbers that are present, rounded; null when none are. */
export function mean(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  return Math.round(present.reduce((a, b) => a + b, 0) / present.length);
}

/** A y-axis range that holds the speaking-rate band and every measured rate with some room. */
export function rateDomain(
  points: readonly ChartPoint[],
  band: { min: number; max: number },
): [number, number] {
  const rates = points.flatMap((p) => (p.wordsPerMinute === null ? [] : [p.wordsPerMinute]));
  const low = Math.min(band.min - 20, ...rates.map((r) => r - 10));
  const high = Math.max(band.max + 20, ...rates.map((r) => r + 10));
  // Ends on multiples of 20 so the axis ticks read 100, 120, 140…
  return [Math.max(0, Math.floor(low / 20) * 20), Math.ceil(high / 20) * 20];
}
