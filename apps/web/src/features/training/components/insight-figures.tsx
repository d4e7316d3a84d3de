import '@mantine/charts/styles.css';
import type { InsightFigures, TrainingInsights } from '@agaton/contracts';
import { BarChart } from '@mantine/charts';
import { Badge, Card, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { scoreColor } from '../../../components/ui/score-band';
import { TR_LABELS } from '../texts';
import {
  DAY_CHART_METRICS,
  type DayChartMetric,
  dayChartData,
  figureCards,
  formatFigure,
} from '../utils/insight-figures';

/** The figure cards of a group over the period; scores coloured by band (spec 2 §9). */
export function FigureCards({ figures }: { figures: InsightFigures }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" data-testid="insight-cards">
      {figureCards(figures).map((card) => (
        <Paper key={card.key} withBorder radius="md" p="sm" data-testid={`card-${card.key}`}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {card.label}
          </Text>
          <Text
            fw={750}
            fz={24}
            lh={1.3}
            c={card.kind === 'score' && card.value !== null ? `${scoreColor(card.value)}.8` : undefined}
            data-testid="card-value"
          >
            {formatFigure(card.value, card.unit)}
          </Text>
          {card.hint ? (
            <Text size="xs" c="dimmed">
              {card.hint}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A metric per weekday, Mon to Sun (spec 3 §3.9), with a metric picker. */
export function DayChart({ days }: { days: NonNullable<TrainingInsights['cohort']>['days'] }) {
  const [metric, setMetric] = useState<DayChartMetric>('overall-score');
  const data = dayChartData(days, metric);
  const entry = DAY_CHART_METRICS.find((m) => m.metric === metric);
  const label = entry?.label ?? '';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="day-chart">
      <Group justify="space-between" align="flex-start" mb="md">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {TR_LABELS.byDay}
          </Title>
          <Text size="xs" c="dimmed">
            {TR_LABELS.byDayHint}
          </Text>
        </Stack>
        <Select
          aria-label={TR_LABELS.chartMetric}
          data={DAY_CHART_METRICS.map((m) => ({ value: m.metric, label: m.label }))}
          value={metric}
          onChange={(v) => v && setMetric(v as DayChartMetric)}
          allowDeselect={false}
          w={220}
          size="xs"
        />
      </Group>
      <BarChart
        h={220}
        data={data}
        dataKey="day"
        series={[{ name: 'value', label, color: 'brand.6' }]}
        yAxisProps={{ domain: entry?.percent ? [0, 100] : [0, 'auto'] }}
        tickLine="y"
        gridAxis="y"
        withTooltip
      />
    </Card>
  );
}

type Item = { label: string; score: number; count: number };

/** Top 10 challenging words or sounds (IPA), lowest mean score first. */
export function ChallengingList({
  title,
  items,
  sounds,
}: {
  title: string;
  items: Item[] | null;
  sounds?: boolean;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid={sounds ? 'challenging-sounds' : 'challenging-words'}
    >
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {TR_LABELS.challengingHint}
      </Text>
      {!items || items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TR_LABELS.noChallenging}
        </Text>
      ) : (
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item, i) => (
            <Group component="li" key={item.label} gap="xs" wrap="nowrap" data-testid="challenging-item">
              <Text size="xs" c="dimmed" w={20}>
                {i + 1}.
              </Text>
              <Text fw={600} ff={sounds ? 'monospace' : undefined} style={{ flex: 1, minWidth: 0 }} truncate>
                {sounds ? `/${item.label}/` : item.label}
              </Text>
              <Text size="xs" c="dimmed" title={TR_LABELS.timesHint}>
                {TR_LABELS.timesChallenging(item.count)}
              </Text>
              <Badge color={scoreColor(item.score)} variant="light" w={56}>
                {formatFigure(item.score)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The topics practised most in the period. */
export function PopularTopics({ topics }: { topics: InsightFigures['popularTopics'] }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="popular-topics">
      <Title order={2} fz="md" mb="sm">
        {TR_LABELS.popularTopics}
      </Title>
      {!topics || topics.length === 0 ? (
        <Text size="sm" c="dimmed">
          –
        </Text>
      ) : (
        <Stack gap={6}>
          {topics.map((t) => (
            <Group key={t.topic} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600} truncate>
                {t.topic}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {TR_LABELS.topicAttempts(t.attempts)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** A group's whole view: cards, the day chart, challenging words and sounds, popular topics. */
export function GroupInsights({ group }: { group: NonNullable<TrainingInsights['cohort']> }) {
  const f = group.fullPeriod;
  if (!f) return null;
  return (
    <Stack gap="md">
      <FigureCards figures={f} />
      <DayChart days={group.days} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ChallengingList title={TR_LABELS.challengingWords} items={f.challengingWords} />
        <ChallengingList title={TR_LABELS.challengingSounds} items={f.challengingPhonemes} sounds />
        <PopularTopics topics={f.popularTopics} />
      </SimpleGrid>
    </Stack>
  );
}
