import type { AssessmentStatus, TestPart } from '@agaton/contracts';
import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { CANDIDATE_TEXTS } from '../texts';
import { partsInTest } from '../utils/test-view';

/** The test's parts in order: done ones ticked, the current one marked (aria-current="step"). */
export function PartsProgress({ status, current }: { status: AssessmentStatus; current: TestPart | null }) {
  const parts = partsInTest(status);
  return (
    <Box
      component="ol"
      aria-label={CANDIDATE_TEXTS.progressLabel}
      m={0}
      p={0}
      style={{
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: `repeat(${parts.length}, 1fr)`,
        gap: 6,
      }}
    >
      {parts.map((part, index) => {
        const done = status.parts.find((p) => p.part === part)?.state === 'finished';
        const now = part === current;
        return (
          <Box
            component="li"
            key={part}
            aria-current={now ? 'step' : undefined}
            pt={6}
            style={{
              borderTop: `4px solid var(--mantine-color-${done ? 'teal-5' : now ? 'brand-6' : 'gray-3'})`,
            }}
          >
            <Group gap={4} wrap="nowrap" align="flex-start">
              {done ? (
                <ThemeIcon size={16} radius="xl" color="teal" aria-hidden>
                  <IconCheck size={11} />
                </ThemeIcon>
              ) : (
                <Text size="xs" c={now ? 'brand.7' : 'dimmed'} fw={700} aria-hidden>
                  {index + 1}
                </Text>
              )}
              <Text size="xs" fw={now ? 700 : 500} c={now ? 'dark.7' : 'dimmed'} lh={1.3}>
                {CANDIDATE_TEXTS.partLabel(part)}
                <VisuallyHidden component="span">
                  {done ? ` (${CANDIDATE_TEXTS.partDone})` : now ? ` (${CANDIDATE_TEXTS.partNow})` : ''}
                </VisuallyHidden>
              </Text>
            </Group>
          </Box>
        );
      })}
    </Box>
  );
}
