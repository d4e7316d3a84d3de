import {
  PRACTICE_FEATURE,
  type PracticeAttemptMeta,
  type PracticeCatalog,
  practiceItemKey,
  trainingTexts,
} from '@agaton/contracts';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { FreeSpeechTask } from '../../../features/demo/components/free-speech-task';
import { ReadingTask } from '../../../features/demo/components/reading-task';
import {
  practiceKeys,
  practiceScorers,
  submitPracticeAttempt,
  usePracticeCatalog,
} from '../../../features/practice/api/practice-api';
import {
  type ExerciseChoice,
  ExercisePicker,
  itemsOf,
} from '../../../features/practice/components/exercise-picker';
import { PracticeProgress } from '../../../features/practice/components/practice-progress';
import { PRACTICE_TEXTS as T } from '../../../features/practice/texts';
import { ApiError } from '../../../lib/api-client';
import { useCoachUser } from './layout';

/** Where practice opens: the first topic the trainee has practised in, else the first topic. */
function firstChoice(catalog: PracticeCatalog): ExerciseChoice | null {
  const practised = catalog.topics.find((t) =>
    Object.keys(catalog.progress.best).some((key) => key.startsWith(practiceItemKey(t.topic, ''))),
  );
  const topic = practised ?? catalog.topics[0];
  return topic ? { topic: topic.topic, level: 'LOW', kind: 'reading' } : null;
}

/** Coaches who are not (or no longer) trainees: why, and where to go instead. */
function Locked() {
  return (
    <>
      <PageHeader title={T.title} />
      <Paper withBorder radius="lg" data-testid="practice-locked">
        <EmptyState text={trainingTexts.practiceLocked} hint={T.lockedHint} />
        <Stack align="center" pb="xl">
          <Button component={Link} to={paths.coachSessions.href()} variant="default">
            {T.goToSessions}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}

/**
 * /coach/practice: the English Learning App for trainees. Topic, level and exercise kind, then the
 * demo's own reading and free-speech tasks scored through POST /api/practice/attempts, with progress.
 */
export default function CoachPracticeRoute() {
  const user = useCoachUser();
  const allowed = user.enabledFeatures.includes(PRACTICE_FEATURE);
  const catalog = usePracticeCatalog(allowed);
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<ExerciseChoice | null>(null);
  const [index, setIndex] = useState(0);
  // Study time of an attempt: since the exercise was opened or last recorded (decision 018).
  const openedAt = useRef(Date.now());

  const data = catalog.data;
  const choice: ExerciseChoice | null = picked ?? (data ? firstChoice(data) : null);
  const items = data && choice ? itemsOf(data, choice) : [];
  const current = items.length ? Math.min(index, items.length - 1) : -1;
  const item = current >= 0 ? items[current] : null;

  const open = useCallback((next: number) => {
    setIndex(next);
    openedAt.current = Date.now();
  }, []);

  const submit = useCallback(
    async (audio: Blob) => {
      if (!choice || !item) throw new Error('No exercise is open.');
      const meta: PracticeAttemptMeta = {
        ...choice,
        itemId: item.id,
        studySeconds: Math.round((Date.now() - openedAt.current) / 1000),
      };
      // A busy engine (429/503) throws an ApiError with its Retry-After: the demo tasks wait and ask
      // again, as on the public demo.
      const result = await submitPracticeAttempt(audio, meta);
      openedAt.current = Date.now();
      return result;
    },
    [choice, item],
  );
  const scorers = useMemo(() => practiceScorers(submit), [submit]);
  const onScored = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: practiceKeys.catalog }),
    [queryClient],
  );

  if (!allowed) return <Locked />;
  if (catalog.error instanceof ApiError && catalog.error.status === 403) return <Locked />;
  if (catalog.error) {
    return (
      <LoadError message={T.loadFailed} onRetry={() => catalog.refetch()} retrying={catalog.isFetching} />
    );
  }
  if (!data || !choice) return data ? <EmptyState text={T.noContent} /> : <PageLoader />;

  const best = item ? data.progress.best[practiceItemKey(choice.topic, item.id)] : undefined;
  const taskKey = item ? `${choice.topic}/${choice.level}/${choice.kind}/${item.id}` : 'none';
  const next = () => open(items.length ? (current + 1) % items.length : 0);
  return (
    <>
      <PageHeader title={T.title} description={T.intro(data.organizationName)} />
      <Stack gap="lg">
        <PracticeProgress progress={data.progress} />
        <ExercisePicker
          catalog={data}
          choice={choice}
          onChoice={(c) => {
            setPicked(c);
            open(0);
          }}
          items={items}
          current={current}
          onPick={open}
        />
        {item ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {T.itemOf(current + 1, items.length)}
            </Text>
            {choice.kind === 'reading' ? (
              <ReadingTask
                key={taskKey}
                task={{ _id: taskKey, type: 'Speaking', level: choice.level, data: { sentence: item.text } }}
                position={choice.topic}
                score={scorers.reading}
                best={{ initial: best }}
                onScored={onScored}
                onNext={next}
                nextLabel={T.nextReading}
              />
            ) : (
              <FreeSpeechTask
                key={taskKey}
                task={{ _id: taskKey, type: 'FreeSpeech', level: choice.level, data: { topic: item.text } }}
                position={choice.topic}
                score={scorers.freeSpeech}
                best={{ initial: best }}
                maxSeconds={T.maxSeconds}
                onScored={onScored}
                onNext={next}
                nextLabel={T.nextQuestion}
              />
            )}
          </Stack>
        ) : (
          <Paper withBorder radius="lg">
            <EmptyState text={T.noExercises} />
          </Paper>
        )}
      </Stack>
    </>
  );
}
