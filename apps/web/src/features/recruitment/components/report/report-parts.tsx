import {
  FINISH_REASON_LABELS,
  LEVEL_SCORING_KEYS,
  type PartResult,
  type ResultsBlob,
  TEST_LEVELS,
  TRANSCRIPT_TEXTS,
} from '@agaton/contracts';
import { Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { scoreColor } from '../../../../components/ui/score-band';
import { ScoreCircle } from '../../../../components/ui/score-circle';
import { ApproximateTranscriptNote, TranscriptWords } from '../../../../components/ui/transcript-text';
import { RT_LABELS } from '../../texts';
import { LEVEL_NAMES } from '../test-content-summary';
import classes from './report.module.css';

/**
 * A titled card of the report. It does not break across printed pages unless `breakable` (a card whose
 * height depends on what the candidate said): moved whole, it would leave the page before half empty.
 */
export function ReportSection(props: {
  title: string;
  testId?: string;
  aside?: ReactNode;
  /** Printed, it may continue on the next page (its border drawn on both parts). */
  breakable?: boolean;
  /** A smaller title, for three cards in a row. */
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={props.breakable ? classes.breakable : classes.section}
      data-testid={props.testId}
    >
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Title order={2} fz={props.compact ? 'md' : 'lg'}>
          {props.title}
        </Title>
        {/* The badge or note keeps its size; a long title wraps instead. */}
        <Box style={{ flexShrink: 0 }}>{props.aside}</Box>
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
 * or 'not reached', levels completed of N, why it ended, and the part's CEFR. `compact` (print, three
 * in a row) uses a smaller circle with its label below it and stacks the footer, so nothing is cut.
 */
export function PartSection({
  title,
  part,
  testId,
  compact = false,
}: {
  title: string;
  part: PartResult;
  testId: string;
  compact?: boolean;
}) {
  const meta = part.testMetaInfo;
  if (meta.numberOfLevels === 0) {
    return (
      <ReportSection title={title} testId={testId} compact={compact}>
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
      compact={compact}
      aside={
        <Badge variant="light" size="lg" tt="none" data-testid="part-cefr">
          {part.cefr}
        </Badge>
      }
    >
      <Group align="center" gap={compact ? 'md' : 'xl'} wrap="nowrap">
        <ScoreCircle
          score={part.scoring.overall}
          size={compact ? 80 : 104}
          labelPosition={compact ? 'below' : 'inside'}
        />
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
      <SimpleGrid cols={compact ? 1 : 2} mt="md" spacing={compact ? 2 : 'xs'}>
        <Text size="xs" c="dimmed" data-testid="levels-completed">
          {RT_LABELS.levelsCompleted(meta.numberOfCompletedLevels, meta.numberOfLevels)}
        </Text>
        <Text size="xs" c="dimmed" ta={compact ? 'left' : 'right'} data-testid="finish-reason">
          {meta.finishReason ? `${RT_LABELS.finishReason}: ${FINISH_REASON_LABELS[meta.finishReason]}` : ''}
        </Text>
      </SimpleGrid>
    </ReportSection>
  );
}

/**
 * A level estimated from the free answer: the level; with an answer but none, why (too few clearly
 * recognised words, issue 26); without an answer, a dash.
 */
function EstimatedLevel(props: {
  label: string;
  level: ResultsBlob['freeSpeechTest']['grammar'];
  answered: boolean;
  missing: string;
  testId: string;
}) {
  return (
    <Text size="sm" data-testid={props.testId}>
      {props.label}:{' '}
      {props.level ? (
        <b>{props.level}</b>
      ) : props.answered ? (
        <Text span size="sm" c="dimmed">
          {props.missing}
        </Text>
      ) : (
        <b>—</b>
      )}
    </Text>
  );
}

/** What the recogniser heard: its words with the unsure ones marked; older results have only the text. */
function FreeTranscript({ free }: { free: ResultsBlob['freeSpeechTest'] }) {
  if (free.words?.length) {
    return (
      <Stack gap={6}>
        <ApproximateTranscriptNote words={free.words} />
        <Text size="sm" data-testid="free-transcript">
          <TranscriptWords words={free.words} />
        </Text>
      </Stack>
    );
  }
  if (free.transcript) {
    return (
      <Text size="sm" fs="italic" data-testid="free-transcript">
        “{free.transcript}”
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {RT_LABELS.noAnswer}
    </Text>
  );
}

/**
 * The free answer: topic, score, the recording (on screen, when one was kept), the transcript and the
 * grammar and vocabulary levels.
 */
export function FreeSpeechSection({
  free,
  recordingUrl = null,
}: {
  free: ResultsBlob['freeSpeechTest'];
  /** The signed link that plays the answer; none in print. */
  recordingUrl?: string | null;
}) {
  // The transcript is null only when no answer was recorded.
  const answered = free.transcript !== null;
  return (
    <ReportSection
      title={RT_LABELS.freeSpeech}
      testId="report-free-speech"
      breakable
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
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {RT_LABELS.topicLabel}
            </Text>
            <Text size="sm">{free.topic ?? '—'}</Text>
          </div>
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {RT_LABELS.transcript}
            </Text>
            {recordingUrl ? (
              // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the answer's text.
              <audio
                src={recordingUrl}
                controls
                preload="metadata"
                aria-label={RT_LABELS.freeSpeechRecording}
                className={classes.player}
                data-testid="free-recording"
              />
            ) : null}
            <FreeTranscript free={free} />
          </Stack>
          <Group gap="lg" className={classes.keepWithPrevious}>
            <EstimatedLevel
              label={RT_LABELS.grammar}
              level={free.grammar}
              answered={answered}
              missing={TRANSCRIPT_TEXTS.noGrammar}
              testId="free-grammar"
            />
            <EstimatedLevel
              label={RT_LABELS.vocabulary}
              level={free.vocabulary}
              answered={answered}
              missing={TRANSCRIPT_TEXTS.noVocabulary}
              testId="free-vocabulary"
            />
          </Group>
        </Stack>
      </Group>
    </ReportSection>
  );
}
