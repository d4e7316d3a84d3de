import type { RecurringItem } from '@agaton/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { scoreColor } from '../../../components/ui/score-band';
import { INSIGHTS_TEXTS as T } from '../texts';

/** Recurring sounds or words: how often they were challenging, their mean score and examples. */
export function RecurringTable({ items, kind }: { items: readonly RecurringItem[]; kind: 'sound' | 'word' }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {kind === 'sound' ? T.noRecurringSounds : T.noRecurringWords}
      </Text>
    );
  }
  return (
    <ResponsiveTable
      rows={items}
      rowKey={(item) => `${item.label}-${item.ipa ?? ''}`}
      minWidth={460}
      withHeader={false}
      testId={`recurring-${kind}s`}
      rowProps={() => ({ 'data-testid': 'recurring-item' })}
      columns={[
        {
          key: 'item',
          phone: 'title',
          td: { w: 140, style: TOP },
          cell: (item) => (
            <Group gap={6} wrap="nowrap">
              <Text fw={700} fz="lg">
                {item.label}
              </Text>
              {item.ipa ? (
                <Text ff="monospace" c="dimmed" size="sm">
                  /{item.ipa}/
                </Text>
              ) : null}
            </Group>
          ),
        },
        {
          key: 'where',
          td: { style: TOP },
          cell: (item) => (
            <Stack gap={6}>
              <Text size="sm" c="dimmed">
                {T.inSessions(item.sessions, item.occurrences)}
              </Text>
              {item.examples.length > 0 && (
                <Group gap={4}>
                  {item.examples.slice(0, 8).map((example) => (
                    <Badge key={example} variant="default" tt="none" fw={500} radius="sm">
                      {example}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          ),
        },
        {
          key: 'score',
          td: { ta: 'right', w: 90, style: TOP },
          cell: (item) => (
            <>
              <Text fw={700} c={`${scoreColor(item.averageScore)}.7`}>
                {Math.round(item.averageScore)}
              </Text>
              <Text size="xs" c="dimmed">
                {T.averageScore}
              </Text>
            </>
          ),
        },
      ]}
    />
  );
}

const TOP = { verticalAlign: 'top' } as const;
