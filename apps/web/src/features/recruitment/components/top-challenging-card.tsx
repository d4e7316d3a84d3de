import { type ResultsBlob, topChallenging } from '@agaton/contracts';
import { Badge, Card, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { scoreColor } from '../../../components/ui/score-band';
import { RT_LABELS } from '../texts';

/**
 * "Top 5 challenging words and sounds" across the candidates' completed tests (spec 2 §2, §9): the
 * items that troubled most candidates, then the lowest mean score.
 */
export function TopChallengingCard({ results }: { results: ResultsBlob[] }) {
  const items = topChallenging(results);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="top-challenging">
      <Text fw={650} size="sm" mb={items.length ? 'sm' : 4}>
        {RT_LABELS.topChallengingTitle}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {RT_LABELS.topChallengingEmpty}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, sm: 3, lg: 5 }}
          spacing="sm"
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {items.map((item, index) => (
            <Paper
              key={`${item.kind}:${item.label}`}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid="challenging-item"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {index + 1}.
                  </Text>
                  <Text fw={650} truncate ff={item.kind === 'sound' ? 'monospace' : undefined}>
                    {item.kind === 'sound' ? `/${item.label}/` : item.label}
                  </Text>
                </Group>
                <Badge color={scoreColor(item.score)} variant="light" style={{ flexShrink: 0 }}>
                  {item.score}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {item.kind === 'sound' ? RT_LABELS.sound : RT_LABELS.word} ·{' '}
                {RT_LABELS.candidatesCount(item.candidates)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
