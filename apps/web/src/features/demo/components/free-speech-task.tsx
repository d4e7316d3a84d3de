import { Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { RecordButton } from '../../../lib/recorder/record-button';
import { useRecorder } from '../../../lib/recorder/use-recorder';
import { scoreFreeSpeech } from '../api/score-demo';
import type { FreeSpeechScoreResponse } from '../api/score-types';
import { useScoreTask } from '../hooks/use-score-task';
import type { FreeSpeechTask as FreeSpeechTaskData } from '../tasks';
import { DEMO_LIMITS } from '../texts';
import { believabilityOf } from '../utils/believability';
import { loadDemoScores, saveIfBetter } from '../utils/demo-scores';
import { ResultsPanel } from './results-panel';
import { TaskCard, TaskHeader, TaskStatusArea } from './task-shell';

/** The believability bar's heading, also its accessible name. */
const BELIEVABILITY = 'Believability';

export interface FreeSpeechTaskProps {
  task: FreeSpeechTaskData;
  position: string;
  onScored: (score: number) => void;
  /** Omitted on the last task of the free-speech-only mode (next is hidden there). */
  onNext?: () => void;
  nextLabel?: string;
  /** Free-speech-only mode: next is available before scoring, as topics can be skipped. */
  alwaysShowNext?: boolean;
  onBack?: () => void;
  /** Last task of the free-speech-only mode: builds the results instead of next. */
  onFinish?: () => void;
  score?: (audio: Blob, question: string) => Promise<FreeSpeechScoreResponse>;
  /** The best score so far from the caller (practice keeps it on the server); the demo's browser storage otherwise. */
  best?: { initial: number | undefined };
  /** A shorter recording limit than the demo's (practice records at most 30 s). */
  maxSeconds?: number;
}

const defaultScore = (audio: Blob, question: string) => scoreFreeSpeech({ audio, question });

/** Free speech: idle → recording → uploading → scored, with repeat and next (spec 3 section 4). */
export function FreeSpeechTask(props: FreeSpeechTaskProps) {
  const {
    task,
    position,
    onScored,
    onNext,
    onBack,
    onFinish,
    alwaysShowNext,
    nextLabel = 'Next topic',
  } = props;
  const score = props.score ?? defaultScore;
  const topic = task.data.topic;
  const given = props.best;
  const stored = !given;
  const [best, setBest] = useState(() =>
    given ? given.initial : loadDemoScores().freeSpeech[task._id]?.overall_score,
  );
  const run = useScoreTask({
    kind: 'free-speech',
    score: useCallback((audio: Blob) => score(audio, topic), [score, topic]),
    onScored: useCallback(
      (view: { overall: number }, response: FreeSpeechScoreResponse) => {
        if (!stored) {
          setBest((prior) => Math.max(prior ?? 0, view.overall));
          onScored(view.overall);
          return;
        }
        const believability = believabilityOf(response);
        const saved = saveIfBetter('freeSpeech', {
          _id: task._id,
          overall_score: view.overall,
          believabilityScore: { transcriptConfidence: { value: believability.transcriptConfidence.value } },
        });
        setBest(saved.overall_score);
        onScored(view.overall);
      },
      [task._id, onScored, stored],
    ),
  });
  const maxDurationMs = props.maxSeconds ? props.maxSeconds * 1000 : DEMO_LIMITS.freeSpeechTimeoutMs;
  const recorder = useRecorder({ onRecording: run.submit, maxDurationMs });
  const believability = useMemo(() => (run.response ? believabilityOf(run.response) : null), [run.response]);
  const state = recorder.status === 'recording' ? 'recording' : run.status;
  const narrative = run.response?.nlp_assessment.narrative;
  return (
    <TaskCard>
      <TaskHeader kind="Speak freely" level={task.level} position={position} best={best} />
      <Card radius="md" padding="lg" bg="brand.0" maw={DEMO_LIMITS.topicCardMaxWidth} mx="auto" w="100%">
        <Text size="sm" c="brand.8" fw={600} mb={4}>
          Your topic
        </Text>
        <Text fz={{ base: 19, sm: 22 }} fw={600} lh={1.4} data-testid="topic">
          {topic}
        </Text>
        <Text size="sm" c="dimmed" mt={8}>
          {props.maxSeconds
            ? `Hold the button and answer for up to ${props.maxSeconds} seconds.`
            : 'Hold the button and answer for 30 to 60 seconds.'}
        </Text>
      </Card>
      {state !== 'scored' && (
        <RecordButton
          recorder={recorder}
          disabled={run.status === 'uploading'}
          hint="Press and hold to answer"
        />
      )}
      <div data-testid="free-speech-state" data-state={state} hidden />
      <TaskStatusArea
        uploading={run.status === 'uploading'}
        retryInSeconds={run.retryInSeconds}
        info={null}
        error={run.error}
        recorderError={recorder.error}
        onRetry={run.canRetry && recorder.status === 'idle' ? run.retry : undefined}
      />
      {run.view && run.response && (
        <ResultsPanel
          view={run.view}
          wordsTitle="Transcript of your answer"
          transcript={run.response.transcript}
          extra={
            believability && (
              <Stack gap={6} mt="lg" maw={DEMO_LIMITS.transcriptMaxWidth}>
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {BELIEVABILITY}
                  </Text>
                  <Text size="sm" fw={700} data-testid="believability">
                    {believability.score} / 100
                  </Text>
                </Group>
                <Progress value={believability.score} color="brand" radius="xl" aria-label={BELIEVABILITY} />
                {believability.reasons.map((r) => (
                  <Text key={r} size="xs" c="dimmed">
                    {r}
                  </Text>
                ))}
                {narrative && (
                  <Text size="sm" mt="xs">
                    {narrative}
                  </Text>
                )}
              </Stack>
            )
          }
        />
      )}
      <Group justify="space-between">
        <div>
          {onBack && (
            <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
              Back
            </Button>
          )}
        </div>
        <Group gap="sm">
          {run.status === 'scored' && (
            <Button variant="light" leftSection={<IconRefresh size={18} />} onClick={run.reset}>
              Repeat
            </Button>
          )}
          {onNext && (run.status === 'scored' || alwaysShowNext) && (
            <Button size="md" rightSection={<IconArrowRight size={18} />} onClick={onNext}>
              {nextLabel}
            </Button>
          )}
          {onFinish && (
            <Button size="md" color="teal" rightSection={<IconArrowRight size={18} />} onClick={onFinish}>
              See my results
            </Button>
          )}
        </Group>
      </Group>
    </TaskCard>
  );
}
