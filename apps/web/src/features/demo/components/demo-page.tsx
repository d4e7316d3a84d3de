import { Box, Container, Progress, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  FREE_SPEECH_TOPICS,
  type FreeSpeechTask as FreeSpeechTaskData,
  type ReadingTask as ReadingTaskData,
} from '../tasks';
import { type DemoMode, flowReducer, initialFlow } from '../utils/flow';
import { DemoHeader } from './demo-header';
import { DemoSteps } from './demo-steps';
import { FreeSpeechTask } from './free-speech-task';
import { ReadingTask } from './reading-task';
import { TestResults } from './test-results';

export interface DemoPageProps {
  mode: DemoMode;
  reading: readonly ReadingTaskData[];
  topics?: readonly FreeSpeechTaskData[];
  /** Company wordmark, null for no branding. */
  wordmark: string | null;
}

const INTRO: Record<DemoMode, { title: string; text: string }> = {
  full: {
    title: 'How well do you speak English?',
    text: 'Read a few sentences aloud, then answer a few open questions. You get an instant score for every answer and an estimated CEFR level at the end.',
  },
  'free-speech': {
    title: 'Speak freely, get instant feedback',
    text: 'Answer open questions in your own words. We score your pronunciation, fluency and how well you stay on topic.',
  },
};

/** The public speaking demo: steps through reading then free-speech tasks by index (spec 3 section 4). */
export function DemoPage({ mode, reading, topics = FREE_SPEECH_TOPICS, wordmark }: DemoPageProps) {
  const [flow, dispatch] = useReducer(flowReducer, { mode, reading, topics }, initialFlow);
  const onScored = useCallback(
    (taskId: string) => (score: number) => dispatch({ type: 'scored', taskId, score }),
    [],
  );
  const next = useCallback(() => dispatch({ type: 'next' }), []);
  // The results replace the last task: they open at their top (the CEFR band), not where the button
  // was, which on a phone is a screen or two further down.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (flow.phase === 'results') top.current?.scrollIntoView?.({ block: 'start' });
  }, [flow.phase]);
  const total = (mode === 'full' ? reading.length : 0) + topics.length;
  const done =
    flow.phase === 'results'
      ? total
      : (flow.phase === 'free-speech' && mode === 'full' ? reading.length : 0) + flow.index;

  let body: React.ReactNode;
  if (flow.phase === 'results' && flow.result) {
    body = <TestResults result={flow.result} onRestart={() => dispatch({ type: 'restart' })} />;
  } else if (flow.phase === 'reading') {
    const task = flow.reading[flow.index];
    const last = flow.index === flow.reading.length - 1;
    body = (
      <ReadingTask
        key={task._id}
        task={task}
        position={`Sentence ${flow.index + 1} of ${flow.reading.length}`}
        onScored={onScored(task._id)}
        onNext={next}
        nextLabel={last ? 'Continue to free speech' : 'Next sentence'}
      />
    );
  } else {
    const task = flow.topics[flow.index];
    const last = flow.index === flow.topics.length - 1;
    const freeOnly = mode === 'free-speech';
    body = (
      <FreeSpeechTask
        key={task._id}
        task={task}
        position={`Topic ${flow.index + 1} of ${flow.topics.length}`}
        onScored={onScored(task._id)}
        // Free-speech-only: back when index > 0, next hidden on the last task (spec 3 section 4).
        onBack={freeOnly && flow.index > 0 ? () => dispatch({ type: 'back' }) : undefined}
        onNext={freeOnly && last ? undefined : next}
        nextLabel={last ? 'See my results' : 'Next topic'}
        alwaysShowNext={freeOnly}
        onFinish={freeOnly && last ? next : undefined}
      />
    );
  }

  return (
    <Box
      ref={top}
      mih="100vh"
      style={{ background: 'linear-gradient(180deg, var(--mantine-color-brand-0) 0%, #f8f9fc 340px)' }}
    >
      <Container size={960}>
        <DemoHeader wordmark={wordmark} />
        <Stack component="main" gap="lg" pb={64} pt="md">
          {flow.phase !== 'results' && (
            <Stack gap={6}>
              <Title order={1} fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em' }}>
                {INTRO[mode].title}
              </Title>
              <Text c="dimmed" maw={680}>
                {INTRO[mode].text}
              </Text>
              <Progress
                value={(done / Math.max(1, total)) * 100}
                radius="xl"
                size="sm"
                mt="xs"
                aria-label="Demo progress"
              />
            </Stack>
          )}
          {body}
          {flow.phase !== 'results' && <DemoSteps />}
        </Stack>
      </Container>
    </Box>
  );
}
