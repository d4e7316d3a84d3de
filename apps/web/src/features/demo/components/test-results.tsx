import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { BAND_COLOR, scoreBand } from '../../../components/ui/score-band';
import { ScoreCircle } from '../../../components/ui/score-circle';
import type { DemoLevel } from '../tasks';
import { DEMO_INVENTED_TEXTS, DEMO_TEXTS } from '../texts';
import { CEFR_NAMES } from '../utils/banding';
import type { ResultGroup, TestResult } from '../utils/flow';
import { DemoNextSteps } from './demo-next-steps';

const LEVEL_NAME: Record<DemoLevel, string> = {
  LOW: 'Beginner',
  MEDIUM: 'Intermediate',
  ADVANCED: 'Advanced',
};

function GroupCard({ title, group }: { title: string; group: ResultGroup }) {
  const { meta } = group;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`result-${title.toLowerCase().replace(' ', '-')}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge variant="light" color="teal" tt="none">
          {DEMO_INVENTED_TEXTS.finishReason[meta.finishReason]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Levels completed:{' '}
        <b data-testid="levels-completed">{`${meta.numberOfCompletedLevels} of ${meta.numberOfLevels}`}</b>
        {meta.lastFinishLevel && ` · last level ${LEVEL_NAME[meta.lastFinishLevel]}`}
      </Text>
      <Table verticalSpacing={6} striped>
        <Table.Tbody>
          {group.scores.map((s, i) => (
            <Table.Tr key={s._id}>
              <Table.Td>
                {title === 'Reading' ? 'Sentence' : 'Topic'} {i + 1}
              </Table.Td>
              <Table.Td c="dimmed">{LEVEL_NAME[s.level]}</Table.Td>
              <Table.Td ta="right" fw={700} c={`${BAND_COLOR[scoreBand(s.overall_score)]}.7`}>
                {s.overall_score}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The test-results view at the end of the demo: CEFR band, overall score and each part's meta. */
export function TestResults({ result, onRestart }: { result: TestResult; onRestart: () => void }) {
  return (
    <Stack gap="lg" data-testid="test-results">
      <Card radius="lg" padding="xl" shadow="md" withBorder>
        <Group justify="space-between" align="center" wrap="wrap" gap="xl">
          <Stack gap={6}>
            <Group gap={8}>
              <IconTrophy color="var(--mantine-color-yellow-6)" />
              <Title order={1} fw={700} c="dimmed" tt="uppercase" fz="sm">
                Your test results
              </Title>
            </Group>
            <Group align="baseline" gap="sm">
              <Text fz={64} fw={800} lh={1} c="brand.7" data-testid="cefr-band">
                {result.cefr}
              </Text>
              <Text fz={22} fw={600}>
                {CEFR_NAMES[result.cefr]}
              </Text>
            </Group>
            <Text c="dimmed" maw={420}>
              Your estimated CEFR level, from your average scores at each level of the demo test.
            </Text>
          </Stack>
          <ScoreCircle
            score={result.overallScore}
            size={160}
            label="Overall"
            perfectLabel={DEMO_TEXTS.perfect}
            testId="overall-score"
          />
        </Group>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb="sm">
          Average score by level
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {(['LOW', 'MEDIUM', 'ADVANCED'] as const).map((level) => {
            const key = level === 'LOW' ? 'low' : level === 'MEDIUM' ? 'medium' : 'advanced';
            const taken = [result.reading, result.freeSpeech].some((g) =>
              g?.scores.some((s) => s.level === level),
            );
            const avg = Math.round(result.averages[key] ?? 0);
            return (
              <Stack key={level} gap={6} data-testid={`level-${key}`}>
                <Group justify="space-between">
                  <Text fw={600}>{LEVEL_NAME[level]}</Text>
                  <Text fw={700} c={taken ? `${BAND_COLOR[scoreBand(avg)]}.7` : 'dimmed'}>
                    {taken ? avg : 'Not taken'}
                  </Text>
                </Group>
                <Progress
                  value={taken ? avg : 0}
                  color={BAND_COLOR[scoreBand(avg)]}
                  radius="xl"
                  aria-label={LEVEL_NAME[level]}
                />
              </Stack>
            );
          })}
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="md">
          The overall score is your average score multiplied by the share of levels you completed.
        </Text>
      </Card>
      <SimpleGrid cols={{ base: 1, md: result.reading ? 2 : 1 }}>
        {result.reading && <GroupCard title="Reading" group={result.reading} />}
        {result.freeSpeech && <GroupCard title="Free speech" group={result.freeSpeech} />}
      </SimpleGrid>
      <DemoNextSteps onRestart={onRestart} />
    </Stack>
  );
}
