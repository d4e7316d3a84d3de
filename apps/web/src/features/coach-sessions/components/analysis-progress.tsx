import type { AnalysisState } from '@agaton/contracts';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { SESSION_INVENTED_TEXTS, STAGE_LABEL } from '../texts';

/** Stage and percent of a running analysis; `compact` for a list row. */
export function AnalysisProgress({
  analysis,
  compact = false,
}: {
  analysis: AnalysisState;
  compact?: boolean;
}) {
  const percent = Math.round(analysis.percent);
  return (
    <Stack gap={compact ? 4 : 8} data-testid="analysis-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size={compact ? 'xs' : 'sm'} c="dimmed">
          {STAGE_LABEL[analysis.stage]}
        </Text>
        <Text size={compact ? 'xs' : 'sm'} fw={600} data-testid="analysis-percent">
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        size={compact ? 'sm' : 'md'}
        radius="xl"
        animated
        striped
        aria-label={`${SESSION_INVENTED_TEXTS.analysing}: ${percent}%`}
      />
    </Stack>
  );
}
