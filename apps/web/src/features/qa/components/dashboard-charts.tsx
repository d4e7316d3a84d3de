import '@mantine/charts/styles.css';
import { QA_LIMITS, type QaDashboard, type QaTrendBucket } from '@agaton/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { Group, Pagination, Paper, Stack, Text, Title, useMatches } from '@mantine/core';
import { useState } from 'react';
import { scoreColor } from '../../../components/ui/score-band';
import { QA_LABELS as L } from '../texts';
import { wrapLabel } from '../utils/axis-label';
import { trendLabels } from '../utils/trend';

const D = L.dashboard;
/** The question axis: 12 px labels, about 6.5 px a character, in lines 14 px apart. */
const LABEL = { fontSize: 12, charWidth: 6.5, lineHeight: 14, gap: 8 };

/**
 * A question on the performance chart's axis, wrapped between words onto as many lines as its bar's
 * row allows (a question that needs more ends with '…' after a whole word); hovering shows it whole.
 */
export function QuestionTick(props: {
  x?: number;
  y?: number;
  payload?: { value?: unknown };
  lines: string[];
}) {
  const top = -((props.lines.length - 1) * LABEL.lineHeight) / 2;
  const rows = props.lines.map((line, i) => ({ line, y: top + i * LABEL.lineHeight }));
  return (
    <g transform={`translate(${props.x ?? 0},${props.y ?? 0})`} data-testid="question-tick">
      <title>{String(props.payload?.value ?? '')}</title>
      <text textAnchor="end" fontSize={LABEL.fontSize} fill="currentColor" dominantBaseline="middle">
        {rows.map((row) => (
          <tspan key={row.y} x={-LABEL.gap} y={row.y}>
            {row.line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

function ChartCard(props: { title: string; hint: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={props.testId}>
      <Stack gap={4} mb="sm">
        <Title order={2} fz="md">
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
  // A phone gives the questions less room and more lines, so the bars keep most of the width.
  const axis = useMatches({ base: { width: 140, maxLines: 5 }, sm: { width: 260, maxLines: 3 } });
  const size = QA_LIMITS.performanceChartPageSize;
  const pages = Math.max(1, Math.ceil(questions.length / size));
  const current = Math.min(page, pages);
  const perLine = Math.floor((axis.width - LABEL.gap) / LABEL.charWidth);
  const data = questions.slice((current - 1) * size, current * size).map((q) => ({
    question: q.questionText,
    lines: wrapLabel(q.questionText, perLine, axis.maxLines),
    [D.score]: q.averageScore,
  }));
  const lines = new Map(data.map((d) => [d.question, d.lines]));
  const rowHeight = Math.max(34, Math.max(1, ...data.map((d) => d.lines.length)) * LABEL.lineHeight + 12);
  return (
    <ChartCard title={D.performance} hint={D.performanceHint} testId="qa-performance-chart">
      <BarChart
        h={Math.max(160, data.length * rowHeight + 40)}
        data={data}
        dataKey="question"
        orientation="vertical"
        series={[{ name: D.score, color: 'indigo.6' }]}
        getBarColor={(value) => `${scoreColor(value)}.6`}
        valueFormatter={(value) => `${value}%`}
        gridAxis="y"
        xAxisProps={{ domain: [0, 100], tickFormatter: (value: number) => `${value}%` }}
        yAxisProps={{
          width: axis.width,
          interval: 0,
          tick: (tick: { payload?: { value?: unknown } }) => (
            <QuestionTick {...tick} lines={lines.get(String(tick.payload?.value)) ?? []} />
          ),
        }}
        barProps={{ radius: 4 }}
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
