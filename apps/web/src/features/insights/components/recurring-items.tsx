import type { RecurringItem } from '@agaton/contracts';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
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
    <Table.ScrollContainer minWidth={460}>
      <Table verticalSpacing="sm" data-testid={`recurring-${kind}s`}>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.label}-${item.ipa ?? ''}`} data-testid="recurring-item">
              <Table.Td w={140} style={{ verticalAlign: 'top' }}>
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
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
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
              </Table.Td>
              <Table.Td ta="right" w={90} style={{ verticalAlign: 'top' }}>
                <Text fw={700} c={`${scoreColor(item.averageScore)}.7`}>
                  {Math.round(item.averageScore)}
                </Text>
                <Text size="xs" c="dimmed">
                  {T.averageScore}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
