import {
  type PositionContent,
  TEST_LEVELS,
  TEST_PART_LABELS,
  TEST_PARTS,
  type TestContent,
  type TestLevel,
} from '@agaton/contracts';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDuration } from '../../../components/ui/format';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { RT_LABELS } from '../texts';

/** Level names as candidates and admins know them (spec 2 §3: Beginner, Intermediate, Advanced). */
export const LEVEL_NAMES: Record<TestLevel, string> = {
  LOW: 'Beginner',
  MEDIUM: 'Intermediate',
  ADVANCED: 'Advanced',
};

function Pool({ count, ask }: { count: number; ask?: number }) {
  return (
    <Text size="sm" span>
      {count}
      {ask !== undefined ? (
        <Text span size="xs" c="dimmed">
          {' '}
          · {RT_LABELS.asks(ask)}
        </Text>
      ) : null}
    </Text>
  );
}

/** One position's pools per level: a table on a wide screen, a card per level on a phone. */
function PositionCard({ position }: { position: PositionContent }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="content-position">
      <Title order={3} fz="md" mb="sm">
        {position.position}
      </Title>
      <ResponsiveTable
        rows={TEST_LEVELS}
        rowKey={(level) => level}
        minWidth={560}
        verticalSpacing={6}
        rowProps={(level) => ({ 'data-testid': 'content-level', 'data-level': level })}
        columns={[
          {
            key: 'level',
            header: RT_LABELS.levelsHeading,
            phone: 'title',
            rowHeader: true,
            cell: (level) => (
              <Text span inherit fw={600}>
                {LEVEL_NAMES[level]}
              </Text>
            ),
          },
          {
            key: 'sentences',
            header: RT_LABELS.sentences,
            cell: (level) => {
              const { reading } = position.levels[level];
              return <Pool count={reading.sentences.length} ask={reading.ask} />;
            },
          },
          {
            key: 'listening',
            header: RT_LABELS.listening,
            cell: (level) => {
              const { listening } = position.levels[level];
              return <Pool count={listening.questions.length} ask={listening.ask} />;
            },
          },
          {
            key: 'comprehension',
            header: RT_LABELS.comprehension,
            cell: (level) => {
              const { readingComprehension: rc } = position.levels[level];
              return <Pool count={rc.questions.length} ask={rc.ask} />;
            },
          },
          {
            key: 'topics',
            header: RT_LABELS.topics,
            cell: (level) => <Pool count={position.levels[level].freeSpeech.topics.length} />,
          },
        ]}
      />
    </Card>
  );
}

/** The organisation's test content at a glance: time limits per part, then each position's pools. */
export function TestContentSummary({ content }: { content: TestContent }) {
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Title order={3} fz="md" mb="sm">
          {RT_LABELS.timeLimits}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {TEST_PARTS.map((part) => (
            <Stack key={part} gap={2}>
              <Text size="sm" c="dimmed">
                {TEST_PART_LABELS[part]}
              </Text>
              <Text fw={600} ff="monospace" data-testid={`time-limit-${part}`}>
                {formatDuration(content.timeLimitsSeconds[part])}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
      <Group gap="xs">
        <Badge variant="light" color="gray" tt="none">
          {RT_LABELS.positions(content.positions.length)}
        </Badge>
      </Group>
      {content.positions.map((position) => (
        <PositionCard key={position.position} position={position} />
      ))}
    </Stack>
  );
}
