import type { QaDashboard, QaTrendBucket } from '@agaton/contracts';
import dayjs from 'dayjs';

/**
 * Axis labels of the QA Performance Trend's buckets (their keys are local to the browser's zone, see
 * the dashboard contract): '09:00' for the hours of one day ('25 Nov 09:00' when the hours span two
 * days), '14 Mar' for days, 'w/c 9 Mar' for weeks, 'Mar 2026' for months.
 */
export function trendLabels(bucket: QaTrendBucket, trend: QaDashboard['trend']): string[] {
  const oneDay = new Set(trend.map((p) => p.date.slice(0, 10))).size <= 1;
  const format: Record<QaTrendBucket, string> = {
    hour: oneDay ? 'HH:00' : 'D MMM HH:00',
    day: 'D MMM',
    week: '[w/c] D MMM',
    month: 'MMM YYYY',
  };
  return trend.map((p) => dayjs(p.date).format(format[bucket]));
}
