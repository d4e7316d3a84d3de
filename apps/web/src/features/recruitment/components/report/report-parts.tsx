import {
  FINISH_REASON_LABELS,
  LEVEL_SCORING_KEYS,
  type PartResult,
  type ResultsBlob,
  TEST_LEVELS,
} from '@agaton/contracts';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { scoreColor } from '../../../../components/ui/score-band';
import { ScoreCircle } from '../../../../components/ui/score-circle';
import { RT_LABELS } from '../../texts';
import { LEVEL_NAMES } from '../test-content-summary';
import classes from './report.module.css';

/** A titled card of the report; it does not break across printed pages. */
export function ReportSection(props: {
  title: string;
  testId?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.section} data-testid={props.testId}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="lg">
          {props.title}
        </Title>
        {props.aside}
      </Group>
      {props.children}
    </Card>
  );
}

/** A level score or 'not reached', coloured by the spec's bands. */
function LevelScore({ label, score }: { label: string; score: number | null }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="level-score">
      <Text size="sm">{label}</Text>
      {score === null ? (
        <Text size="sm" c="dimmed" fs="italic">
          {RT_LABELS.notReached}
        </Text>
      ) : (
        <Text size="sm" fw={700} c={`${scoreColor(score)}.7`}>
          {Math.round(score)}
        </Text>
      )}
    </Group>
  );
}

/**
 * One climbing part (listening, reading comprehension, reading aloud): overall, each level's score
 * or 'not reached', levels completed of N, why it ended, and the part's CEFR.
 */
export function PartSection({ title, part, testId }: { title: string; part: PartResult; testId: string }) {
  const meta = part.testMetaInfo;
  if (meta.numberOfLevels === 0) {
    return (
      <ReportSection title={title} testId={testId}>
        <Text size="sm" c="dimmed">
          {RT_LABELS.notInTest}
        </Text>
      </ReportSection>
    );
  }
  return (
    <ReportSection
      title={title}
      testId={testId}
      aside={
        <Badge variant="light" size="lg" tt="none" data-testid="part-cefr">
          {part.cefr}
        </Badge>
      }
    >
      <Group align="center" gap="xl" wrap="nowrap">
        <ScoreCircle score={part.scoring.overall} size={104} />
        <Stack gap={6} style={{ flex: 1 }}>
          {TEST_LEVELS.map((level) => (
            <LevelScore
              key={level}
              label={LEVEL_NAMES[level]}
              score={part.scoring[LEVEL_SCORING_KEYS[level]]}
            />
          ))}
        </Stack>
      </Group>
      <SimpleGrid cols={2} mt="md" spacing="xs">
        <Text size="xs" c="dimmed" data-testid="levels-completed">
          {RT_LABELS.levelsCompleted(meta.numberOfCompletedLevels, meta.numberOfLevels)}
        </Text>
        <Text size="xs" c="dimmed" ta="right" data-testid="finish-reason">
          {meta.finishReason ? `${RT_LABELS.finishReason}: ${FINISH_REASON_LABELS[meta.finishReason]}` : ''}
        </Text>
      </SimpleGrid>
    </ReportSection>
  );
}

/** The free answer: topic, score, transcript, grammar and vocabulary levels. */
export function FreeSpeechSection({ free }: { free: ResultsBlob['freeSpeechTest'] }) {
  return (
    <ReportSection
      title={RT_LABELS.freeSpeech}
      testId="report-free-speech"
      aside={
        free.finishReason ? (
          <Text size="xs" c="dimmed">
            {RT_LABELS.finishReason}: {FINISH_REASON_LABELS[free.finishReason]}
          </Text>
        ) : null
      }
    >
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <ScoreCircle score={free.overallScore} size={104} />
        <Stack gap="sm" style={{ flex: 1 }}>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {RT_LABELS.topicLabel}
            </Text>
            <Text size="sm">{free.topic ?? '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {RT_LABELS.transcript}
            </Text>
            {free.transcript ? (
              <Text size="sm" fs="italic" data-testid="free-transcript">
                “{free.transcript}”
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {RT_LABELS.noAnswer}
              </Text>
            )}
          </div>
          <Group gap="lg">
            <Text size="sm">
              {RT_LABELS.grammar}: <b>{free.grammar ?? '—'}</b>
            </Text>
            <Text size="sm">
              {RT_LABELS.vocabulary}: <b>{free.vocabulary ?? '—'}</b>
            </Text>
          </Group>
        </Stack>
      </Group>
    </ReportSection>
  );
}
