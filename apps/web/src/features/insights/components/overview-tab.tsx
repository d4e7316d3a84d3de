import type { Insights } from '@agaton/contracts';
import { Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatDuration } from '../../../components/ui/format';
import { ScoreCircle } from '../../../components/ui/score-circle';
import { SERIES_LABEL as L, INSIGHTS_TEXTS as T } from '../texts';
import { type ChartPoint, latestWithChange, type Metric, mean } from '../utils/insights-data';
import { ChartCard } from './chart-card';
import { SessionBars, TrendLine } from './trend-charts';

const CIRCLES: Metric[] = ['pronunciation', 'fluency', 'intelligibility', 'clarity'];

function Change({ change }: { change: number | null }) {
  if (change === null) return null;
  const color = change > 0 ? 'teal' : change < 0 ? 'red' : 'gray';
  const text = change === 0 ? '±0' : `${change > 0 ? '+' : '−'}${Math.abs(change)}`;
  return (
    <Badge variant="light" color={color} size="sm" title={T.sinceLast}>
      {text}
    </Badge>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fw={750} fz={24} mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** Overview: the latest session's scores, the three scores over time and words said per session. */
export function OverviewTab({ insights, points }: { insights: Insights; points: ChartPoint[] }) {
  const latest = insights.sessions.at(-1);
  const totalSeconds = insights.sessions.reduce((sum, s) => sum + s.durationSeconds, 0);
  const totalWords = insights.sessions.reduce((sum, s) => sum + s.wordsSaid, 0);
  const rate = mean(points.map((p) => p.wordsPerMinute));
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" data-testid="latest-scores">
        <Text size="sm" c="dimmed" mb="md">
          {latest ? T.latestSession(formatDateTime(latest.timestampSeconds)) : null}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {CIRCLES.map((metric) => {
            const entry = latestWithChange(points, metric);
            return (
              <Stack key={metric} align="center" gap={6}>
                <ScoreCircle
                  score={entry?.value ?? 0}
                  label={L[metric]}
                  size={116}
                  testId={`latest-${metric}`}
                  labelPosition="below"
                />
                <Change change={entry?.change ?? null} />
              </Stack>
            );
          })}
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Stat label={T.sessions} value={String(insights.sessions.length)} />
        <Stat label={T.speakingTime} value={formatDuration(totalSeconds)} />
        <Stat label={T.wordsSaid} value={totalWords.toLocaleString('en')} />
        <Stat label={T.averageRate} value={rate === null ? T.notMeasured : `${rate} wpm`} />
      </SimpleGrid>
      <ChartCard title={T.scoresOverTime} hint={T.scoresOverTimeHint} testId="chart-scores">
        <TrendLine
          points={points}
          height={280}
          series={[
            { name: 'pronunciation', label: L.pronunciation, color: 'brand.6' },
            { name: 'fluency', label: L.fluency, color: 'teal.6' },
            { name: 'intelligibility', label: L.intelligibility, color: 'orange.6' },
          ]}
        />
      </ChartCard>
      <ChartCard title={T.wordsPerSession} testId="chart-words">
        <SessionBars points={points} series={[{ name: 'wordsSaid', label: L.wordsSaid, color: 'brand.4' }]} />
      </ChartCard>
    </Stack>
  );
}
