import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card around a chart or a list of the insights page. */
export function ChartCard({
  title,
  hint,
  aside,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {title}
          </Title>
          {hint ? (
            <Text size="xs" c="dimmed" maw={560}>
              {hint}
            </Text>
          ) : null}
        </Stack>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** Latest value with its change since the session before, e.g. for a chart card's corner. */
export function LatestValue({
  value,
  change,
  unit = '',
  better = 'up',
}: {
  value: number | null;
  change: number | null;
  unit?: string;
  /** Which direction is an improvement (fillers: down). */
  better?: 'up' | 'down';
}) {
  const good = change === null || change === 0 ? null : change > 0 === (better === 'up');
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={750} fz={22} lh={1.1}>
        {value === null ? '–' : `${value}${unit}`}
      </Text>
      {change !== null && change !== 0 && (
        <Text size="xs" fw={600} c={good ? 'teal.7' : 'red.7'}>
          {change > 0 ? '+' : '−'}
          {Math.abs(Math.round(change * 10) / 10)}
          {unit}
        </Text>
      )}
    </Stack>
  );
}
