import { type ResultsBlob, topChallenging } from '@agaton/contracts';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { scoreColor } from '../../../components/ui/score-band';
import { RT_LABELS } from '../texts';

/**
 * "Top 5 challenging words and sounds" across the candidates' completed tests (spec 2 §2, §9): the
 * items that troubled most candidates, then the lowest mean score.
 */
export function TopChallengingCard({ results }: { results: ResultsBlob[] }) {
  const items = topChallenging(results);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="top-challenging">
      <Title order={2} fz="md" mb="sm">
        {RT_LABELS.topChallengingTitle}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {RT_LABELS.topChallengingEmpty}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item, index) => (
            <Group
              key={`${item.kind}:${item.label}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              data-testid="challenging-item"
            >
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" c="dimmed" w={16} ta="right">
                  {index + 1}
                </Text>
                <Text fw={600} ff={item.kind === 'sound' ? 'monospace' : undefined}>
                  {item.kind === 'sound' ? `/${item.label}/` : item.label}
                </Text>
                <Badge size="xs" variant="light" color="gray" tt="none">
                  {item.kind === 'sound' ? RT_LABELS.sound : RT_LABELS.word}
                </Badge>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {RT_LABELS.candidatesCount(item.candidates)}
                </Text>
                <Badge color={scoreColor(item.score)} variant="light" w={44}>
                  {item.score}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
