import '@mantine/charts/styles.css';
import { QA_LIMITS, type QaDashboard, type QaTrendBucket } from '@agaton/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { scoreColor } from '../../../components/ui/score-band';
import { QA_LABELS as L } from '../texts';
import { trendLabels } from '../utils/trend';

const D = L.dashboard;
/** Long questions are cut on the axis; the tooltip shows the whole text. */
const AXIS_CHARS = 38;
const short = (text: string) => (text.length > AXIS_CHARS ? `${text.slice(0, AXIS_CHARS - 1)}…` : text);

function ChartCard(props: { title: string; hint: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={props.testId}>
      <Stack gap={4} mb="sm">
        <Title order={3} fz="md">
          {props.title}
        </Title>
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      </Stack>
      {props.children}
    </Paper>
  );
}

/** QA Item Performance (spec 3 §2.5): questions by average score, best first, 15 a page. */
export function PerformanceChart({ questions }: { questions: QaDashboard['questionPerformance'] }) {
  const [page, setPage] = useState(1);
  const size = QA_LIMITS.performanceChartPageSize;
  const pages = Math.max(1, Math.ceil(questions.length / size));
  const current = Math.min(page, pages);
  const data = questions.slice((current - 1) * size, current * size).map((q) => ({
    question: short(q.questionText),
    full: q.questionText,
    [D.score]: q.averageScore,
  }));
  return (
    <ChartCard title={D.performance} hint={D.performanceHint} testId="qa-performance-chart">
      <BarChart
        h={Math.max(160, data.length * 34 + 40)}
        data={data}
        dataKey="question"
        orientation="vertical"
        series={[{ name: D.score, color: 'indigo.6' }]}
        getBarColor={(value) => `${scoreColor(value)}.6`}
        valueFormatter={(value) => `${value}%`}
        gridAxis="y"
        xAxisProps={{ domain: [0, 100], tickFormatter: (value: number) => `${value}%` }}
        yAxisProps={{ width: 250, interval: 0 }}
        barProps={{ radius: 4 }}
        tooltipProps={{
          labelFormatter: (label, payload) => String(payload?.[0]?.payload?.full ?? label ?? ''),
        }}
      />
      {pages > 1 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {D.pageOf(current, pages)}
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} size="sm" aria-label={D.performance} />
        </Group>
      )}
    </ChartCard>
  );
}

/**
 * QA Performance Trend (spec 3 §2.5): the average score per bucket of the period (hours of a day,
 * days of a week or month), as an area; empty buckets keep the axis whole and the line joins across.
 */
export function TrendChart({ bucket, trend }: { bucket: QaTrendBucket; trend: QaDashboard['trend'] }) {
  const labels = trendLabels(bucket, trend);
  const data = trend.map((d, i) => ({
    day: labels[i],
    [D.score]: d.averageScore,
    [D.items]: d.items,
  }));
  return (
    <ChartCard title={D.trend} hint={D.trendHint[bucket]} testId="qa-trend-chart">
      <AreaChart
        h={240}
        data={data}
        dataKey="day"
        series={[{ name: D.score, color: 'teal.6' }]}
        curveType="linear"
        connectNulls
        unit="%"
        yAxisProps={{ domain: [0, 100], width: 48 }}
        withDots
        gridAxis="xy"
      />
    </ChartCard>
  );
}
