import type { Insights } from '@agaton/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { scoreColor } from '../../../components/ui/score-band';
import { INSIGHTS_TEXTS as T } from '../texts';
import { ChartCard } from './chart-card';

function ToMaster({ items, label }: { items: Insights['recurringSounds']; label: string }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Group gap={6}>
        {items.map((item) => (
          <Badge
            key={`${item.label}-${item.ipa ?? ''}`}
            variant="light"
            color={scoreColor(item.averageScore)}
            size="lg"
            radius="sm"
            tt="none"
            rightSection={
              <Text span fz="xs" fw={700}>
                {Math.round(item.averageScore)}
              </Text>
            }
          >
            {item.label}
            {item.ipa ? ` /${item.ipa}/` : ''}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** Mastery: words mastered since an earlier session, and the sounds and words still to master. */
export function MasteryTab({ insights }: { insights: Insights }) {
  const nothing = insights.recurringSounds.length === 0 && insights.recurringWords.length === 0;
  return (
    <Stack gap="md">
      <ChartCard title={T.masteredWords} hint={T.masteredWordsHint} testId="mastered-words">
        {insights.masteredWords.length ? (
          <Group gap={6}>
            {insights.masteredWords.map((word) => (
              <Badge key={word} variant="light" color="teal" size="lg" radius="sm" tt="none">
                {word}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {T.noMasteredWords}
          </Text>
        )}
      </ChartCard>
      <ChartCard title={T.stillToMaster} hint={T.stillToMasterHint} testId="still-to-master">
        {nothing ? (
          <Text size="sm" c="dimmed">
            {T.nothingRecurring}
          </Text>
        ) : (
          <Stack gap="md">
            <ToMaster items={insights.recurringSounds} label={T.sounds} />
            <ToMaster items={insights.recurringWords} label={T.words} />
          </Stack>
        )}
      </ChartCard>
    </Stack>
  );
}
