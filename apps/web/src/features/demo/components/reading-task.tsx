import { Button, Group, Text } from '@mantine/core';
import { IconArrowRight, IconVolume } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { RecordButton } from '../../../lib/recorder/record-button';
import { useRecorder } from '../../../lib/recorder/use-recorder';
import { scorePhrase } from '../api/score-demo';
import type { PhraseScoreResponse } from '../api/score-types';
import { useSampleAudio } from '../hooks/use-sample-audio';
import { useScoreTask } from '../hooks/use-score-task';
import type { ReadingTask as ReadingTaskData } from '../tasks';
import { DEMO_LIMITS } from '../texts';
import { loadDemoScores, saveIfBetter } from '../utils/demo-scores';
import { ResultsPanel } from './results-panel';
import { TaskCard, TaskHeader, TaskStatusArea } from './task-shell';

export interface ReadingTaskProps {
  task: ReadingTaskData;
  position: string;
  onScored: (score: number) => void;
  onNext: () => void;
  nextLabel: string;
  /** Injected in tests; the public phrase endpoint otherwise. */
  score?: (audio: Blob, targetPhrase: string) => Promise<PhraseScoreResponse>;
  /** The best score so far from the caller (practice keeps it on the server); the demo's browser storage otherwise. */
  best?: { initial: number | undefined };
}

const defaultScore = (audio: Blob, targetPhrase: string) => scorePhrase({ audio, targetPhrase });

/** Read a sentence aloud; next appears only after scoring (spec 3 section 4 "Reading task"). */
export function ReadingTask({
  task,
  position,
  onScored,
  onNext,
  nextLabel,
  score = defaultScore,
  best: given,
}: ReadingTaskProps) {
  const sentence = task.data.sentence;
  const sample = useSampleAudio();
  const stored = !given;
  const [best, setBest] = useState(() =>
    given ? given.initial : loadDemoScores().reading[task._id]?.overall_score,
  );
  const run = useScoreTask({
    kind: 'reading',
    score: useCallback((audio: Blob) => score(audio, sentence), [score, sentence]),
    onScored: useCallback(
      (view: { overall: number }) => {
        setBest((prior) =>
          stored
            ? saveIfBetter('reading', { _id: task._id, overall_score: view.overall }).overall_score
            : Math.max(prior ?? 0, view.overall),
        );
        onScored(view.overall);
      },
      [task._id, onScored, stored],
    ),
  });
  const recorder = useRecorder({ onRecording: run.submit, maxDurationMs: DEMO_LIMITS.maxReadingMs });
  return (
    <TaskCard>
      <TaskHeader kind="Read aloud" level={task.level} position={position} best={best} />
      <div>
        <Text c="dimmed" size="sm" mb={6}>
          Hold the microphone button and read this sentence:
        </Text>
        <Text fz={{ base: 22, sm: 28 }} fw={600} lh={1.35} data-testid="reading-sentence">
          {sentence}
        </Text>
        <Button
          mt="sm"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconVolume size={16} />}
          loading={sample.playing}
          onClick={() => void sample.play(sentence)}
        >
          Hear it read
        </Button>
      </div>
      <RecordButton recorder={recorder} disabled={run.status === 'uploading'} />
      <TaskStatusArea
        uploading={run.status === 'uploading'}
        retryInSeconds={run.retryInSeconds}
        info={run.info}
        error={run.error}
        recorderError={recorder.error}
        onRetry={run.canRetry && recorder.status === 'idle' ? run.retry : undefined}
      />
      {run.view && <ResultsPanel view={run.view} wordsTitle="Your reading" />}
      {run.status === 'scored' && (
        <Group justify="flex-end">
          <Button size="md" rightSection={<IconArrowRight size={18} />} onClick={onNext}>
            {nextLabel}
          </Button>
        </Group>
      )}
    </TaskCard>
  );
}
