import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { scoreColor } from '../../../components/ui/score-band';
import { SESSION_INVENTED_TEXTS as T } from '../texts';
import type { ScoredSession } from '../utils/score-trend';

/** The sparkline's score axis: the scores' own range with a margin, so small changes show. */
const FITTED: [(min: number) => number, (max: number) => number] = [
  (min) => Math.max(0, min - 5),
  (max) => Math.min(100, max + 5),
];

/**
 * Above the Sessions list: the latest overall score, its change over the recent scored sessions and
 * a sparkline of them, so progress shows without opening a session. Needs two scored sessions.
 */
export function ScoreTrendCard({ trend }: { trend: ScoredSession[] }) {
  if (trend.length < 2) return null;
  const scores = trend.map((s) => Math.round(s.score));
  const latest = scores[scores.length - 1];
  const delta = latest - scores[0];
  const tone = delta > 0 ? 'teal' : delta < 0 ? 'red' : 'gray';
  return (
    <Card withBorder radius="md" padding="md" mb="sm" data-testid="score-trend">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {T.trendTitle}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Text fw={750} fz={28} lh={1} c={`${scoreColor(latest)}.7`} data-testid="latest-score">
              {latest}
            </Text>
            {delta > 0 && <IconTrendingUp size={20} color="var(--mantine-color-teal-7)" aria-hidden />}
            {delta < 0 && <IconTrendingDown size={20} color="var(--mantine-color-red-7)" aria-hidden />}
          </Group>
          <Text size="sm" c={`${tone}.8`} data-testid="trend-change">
            {T.trendChange(delta, scores.length)}
          </Text>
        </Stack>
        <Box
          role="img"
          aria-label={T.trendChart(scores)}
          w={{ base: 110, xs: 180 }}
          style={{ flexShrink: 0 }}
        >
          <LineChart
            h={48}
            data={scores.map((score, i) => ({ i, score }))}
            dataKey="i"
            series={[{ name: 'score', color: tone === 'gray' ? 'brand.6' : `${tone}.6` }]}
            curveType="linear"
            withXAxis={false}
            withYAxis={false}
            yAxisProps={{ domain: FITTED }}
            gridAxis="none"
            withTooltip={false}
            dotProps={{ r: 2.5 }}
            strokeWidth={2}
          />
        </Box>
      </Group>
    </Card>
  );
}
