import {
  type PositionContent,
  TEST_LEVELS,
  TEST_PART_LABELS,
  TEST_PARTS,
  type TestContent,
  type TestLevel,
} from '@agaton/contracts';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDuration } from '../../../components/ui/format';
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

function PositionCard({ position }: { position: PositionContent }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="content-position">
      <Title order={3} fz="md" mb="sm">
        {position.position}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{RT_LABELS.levelsHeading}</Table.Th>
              <Table.Th>{RT_LABELS.sentences}</Table.Th>
              <Table.Th>{RT_LABELS.listening}</Table.Th>
              <Table.Th>{RT_LABELS.comprehension}</Table.Th>
              <Table.Th>{RT_LABELS.topics}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TEST_LEVELS.map((level) => {
              const l = position.levels[level];
              return (
                <Table.Tr key={level}>
                  <Table.Th scope="row" fw={600}>
                    {LEVEL_NAMES[level]}
                  </Table.Th>
                  <Table.Td>
                    <Pool count={l.reading.sentences.length} ask={l.reading.ask} />
                  </Table.Td>
                  <Table.Td>
                    <Pool count={l.listening.questions.length} ask={l.listening.ask} />
                  </Table.Td>
                  <Table.Td>
                    <Pool count={l.readingComprehension.questions.length} ask={l.readingComprehension.ask} />
                  </Table.Td>
                  <Table.Td>
                    <Pool count={l.freeSpeech.topics.length} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
