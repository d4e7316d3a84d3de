import '@mantine/charts/styles.css';
import { BarChart, type ChartReferenceAreaProps, LineChart } from '@mantine/charts';
import type { AxisDomainItem } from 'recharts';
import type { ChartPoint } from '../utils/insights-data';

type Key = Exclude<keyof ChartPoint, 'session' | 'when'>;
export type TrendSeries = { name: Key; label: string; color: string };

/** Axis ticks show the short date; tooltips the full date and time (the x key). */
const tickFormatter = (points: readonly ChartPoint[]) => {
  const short = new Map(points.map((p) => [p.when, p.session]));
  return (value: string) => short.get(value) ?? value;
};

/** A metric over sessions, oldest first (the shared look of every insights line chart). */
export function TrendLine({
  points,
  series,
  domain = [0, 100],
  unit,
  referenceAreas,
  height = 240,
  testId,
}: {
  points: readonly ChartPoint[];
  series: TrendSeries[];
  /** y-axis range; 'auto' lets the chart pick an end. */
  domain?: [AxisDomainItem, AxisDomainItem];
  unit?: string;
  referenceAreas?: ChartReferenceAreaProps[];
  height?: number;
  testId?: string;
}) {
  return (
    <LineChart
      h={height}
      data={points as ChartPoint[]}
      dataKey="when"
      series={series}
      curveType="monotone"
      connectNulls
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'bottom' }}
      gridAxis="x"
      unit={unit}
      yAxisProps={{ domain, allowDecimals: false, width: 48 }}
      xAxisProps={{ tickFormatter: tickFormatter(points), minTickGap: 16 }}
      referenceAreas={referenceAreas}
      strokeWidth={2.5}
      dotProps={{ r: 3.5, strokeWidth: 2 }}
      activeDotProps={{ r: 5, strokeWidth: 2 }}
      data-testid={testId}
    />
  );
}

/** Per-session bars (words said, pauses and fillers). */
export function SessionBars({
  points,
  series,
  unit,
  height = 240,
  testId,
}: {
  points: readonly ChartPoint[];
  series: TrendSeries[];
  unit?: string;
  height?: number;
  testId?: string;
}) {
  return (
    <BarChart
      h={height}
      data={points as ChartPoint[]}
      dataKey="when"
      series={series}
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'bottom' }}
      gridAxis="x"
      unit={unit}
      yAxisProps={{ width: 48 }}
      xAxisProps={{ tickFormatter: tickFormatter(points), minTickGap: 16 }}
      barProps={{ radius: [4, 4, 0, 0], maxBarSize: 36 }}
      data-testid={testId}
    />
  );
}
