import type { PracticeCatalog } from '@agaton/contracts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { PRACTICE_TEXTS as T } from '../texts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lineClamp={2}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 26 }} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** The trainee's progress: lessons completed (exercises scored at least once), study time, recordings. */
export function PracticeProgress({ progress }: { progress: PracticeCatalog['progress'] }) {
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
      <Figure label={T.lessons} value={String(progress.lessonsCompleted)} testId="lessons-completed" />
      <Figure label={T.studyTime} value={T.minutes(progress.studyMinutes)} testId="study-minutes" />
      <Figure label={T.attempts} value={String(progress.attempts)} testId="attempts" />
    </SimpleGrid>
  );
}
