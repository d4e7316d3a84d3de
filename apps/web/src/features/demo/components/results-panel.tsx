import { TRANSCRIPT_TEXTS } from '@agaton/contracts';
import {
  Alert,
  Badge,
  Card,
  Divider,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBulb, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RateGauge } from '../../../components/ui/rate-gauge';
import { BAND_COLOR, scoreBand } from '../../../components/ui/score-band';
import { ScoreCircle, SubScore } from '../../../components/ui/score-circle';
import { ApproximateTranscriptNote } from '../../../components/ui/transcript-text';
import { DEMO_INVENTED_TEXTS, DEMO_TEXTS } from '../texts';
import type { ScoreView } from '../utils/score-view';
import { ColouredSentence } from './coloured-sentence';

const INTELLIGIBILITY_COLOR = { High: 'teal', Medium: 'orange', Low: 'red' } as const;

function Metric({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      bg="gray.0"
      style={{ borderColor: 'var(--mantine-color-gray-2)' }}
    >
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={8}>
        {title}
      </Text>
      {children}
    </Card>
  );
}

/** B1 grammar is shown as 'B1 or higher' (spec 3 section 3.10). */
const grammarLabel = (level: string | null) =>
  level === 'B1' ? `B1 ${DEMO_TEXTS.orHigher}` : (level ?? '–');

export interface ResultsPanelProps {
  view: ScoreView;
  /** 'Your reading' for a sentence, 'Your answer' for free speech. */
  wordsTitle: string;
  /** Free speech: the transcript (shown word by word, coloured) and extras (CEFR, believability). */
  transcript?: string;
  extra?: ReactNode;
}

/** Scores a learner can act on: overall, words, weakest sounds, pauses, rate, intelligibility. */
export function ResultsPanel({ view, wordsTitle, transcript, extra }: ResultsPanelProps) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" data-testid="results-panel">
      <Group align="center" gap="xl" wrap="wrap">
        <ScoreCircle score={view.overall} perfectLabel={DEMO_TEXTS.perfect} testId="overall-score" />
        <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
          <SubScore label="Pronunciation" score={view.pronunciation} />
          <SubScore label="Fluency" score={view.fluency} />
          {view.content !== null && <SubScore label="Content" score={view.content} />}
        </Stack>
      </Group>
      {view.answerIssue && view.overallExplanation && (
        <Alert
          mt="lg"
          variant="light"
          color="orange"
          icon={<IconInfoCircle size={18} />}
          data-testid="answer-issue"
        >
          {view.overallExplanation}
        </Alert>
      )}
      <Divider my="lg" />
      <Title order={2} size="h5" mb={6}>
        {wordsTitle}
      </Title>
      <div data-testid={transcript !== undefined ? 'transcript' : undefined}>
        <ApproximateTranscriptNote words={view.words} />
        {view.words.length ? (
          <ColouredSentence words={view.words} size={transcript !== undefined ? 18 : 22} />
        ) : (
          <Text c="dimmed">{transcript || 'No words were recognised.'}</Text>
        )}
      </div>
      {view.coverage && view.coverage.total > 0 && (
        <Text size="sm" c="dimmed" mt={6} data-testid="scored-share">
          {DEMO_INVENTED_TEXTS.scoredShare(view.coverage.scored, view.coverage.total)}
          {view.words.some((w) => w.uncertain) && ` ${DEMO_INVENTED_TEXTS.uncertainLegend}`}
        </Text>
      )}
      {/* Sounds, pauses, pace and intelligibility say nothing about a reading of another text. */}
      {!view.notTheText && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="lg" spacing="md">
          <Metric title="Weakest sounds">
            {view.weakSounds.length ? (
              <Group gap={6}>
                {view.weakSounds.map((s) => (
                  <Badge
                    key={s.label}
                    variant="light"
                    color={BAND_COLOR[scoreBand(s.score)]}
                    size="lg"
                    tt="none"
                    title={`${s.score} / 100, e.g. in “${s.example}”`}
                  >
                    {s.label} {s.score}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm">
                {view.words.some((w) => w.status !== 'omitted' && !w.uncertain)
                  ? DEMO_INVENTED_TEXTS.allSoundsClear
                  : DEMO_INVENTED_TEXTS.noSoundsHeard}
              </Text>
            )}
          </Metric>
          <Metric title="Pauses">
            <Group gap="lg">
              {(
                [
                  ['Pauses', view.pauses.pauses],
                  ['Silences', view.pauses.silences],
                  ['Hesitations', view.pauses.hesitations],
                ] as const
              ).map(([label, n]) => (
                <Stack key={label} gap={0}>
                  <Text fw={700} fz="xl" lh={1.2}>
                    {n}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                </Stack>
              ))}
            </Group>
          </Metric>
          <Metric title="Pace">
            <RateGauge wpm={view.wordsPerMinute} />
          </Metric>
          <Metric title="Intelligibility">
            <Badge
              size="xl"
              variant="light"
              color={INTELLIGIBILITY_COLOR[view.intelligibility.label]}
              data-testid="intelligibility"
            >
              {view.intelligibility.label}
            </Badge>
            {view.cefr &&
              (view.cefr.vocabulary || view.cefr.grammar ? (
                <Text size="sm" mt={8}>
                  Vocabulary {view.cefr.vocabulary ?? '–'} · Grammar {grammarLabel(view.cefr.grammar)}
                </Text>
              ) : (
                <Text size="sm" mt={8} c="dimmed" data-testid="no-levels">
                  {TRANSCRIPT_TEXTS.noGrammar}
                </Text>
              ))}
          </Metric>
        </SimpleGrid>
      )}
      {extra}
      {view.tips.length > 0 && (
        <List
          mt="lg"
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="yellow">
              <IconBulb size={13} />
            </ThemeIcon>
          }
        >
          {view.tips.map((tip) => (
            <List.Item key={tip}>{tip}</List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
