import type { CandidateTest, TestLevel, TestPart } from '@agaton/contracts';
import { Alert, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlarm, IconAlertCircle, IconWifiOff } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SendAgain } from '../../../components/ui/send-again';
import type { Recording } from '../../../lib/recorder/use-recorder';
import { usePartClock } from '../hooks/use-part-clock';
import { useTestRunner } from '../hooks/use-test-runner';
import { CANDIDATE_TEXTS } from '../texts';
import { newIdempotencyKey } from '../utils/pending-activity';
import { screenFor } from '../utils/test-view';
import { ChoiceItem } from './choice-item';
import { PartIntro } from './part-intro';
import { RunnerHeader } from './runner-header';
import { SpokenItem } from './spoken-item';

export interface TestRunnerProps {
  test: CandidateTest;
  /** The candidate token was refused. */
  onSignedOut: () => void;
}

const context = (part: TestPart, level?: TestLevel, itemId?: string) => ({
  part,
  level,
  itemId,
  idempotencyKey: newIdempotencyKey(),
});

/**
 * The timed test: a part's introduction and Start, then its questions one at a time until the server
 * ends the part; when the part's clock reaches 0 it tells the server (after any answer in flight).
 * What is shown comes from the server's status only, so a reload resumes at the same place; the
 * route leaves for the summary once the status says the test is finished.
 */
export function TestRunner({ test: loaded, onSignedOut }: TestRunnerProps) {
  const runner = useTestRunner({ test: loaded, onSignedOut });
  const status = runner.status;
  const test = { ...loaded, assessmentStatus: status };
  const screen = screenFor(test);
  const progress = screen.kind === 'finished' ? null : screen.progress;
  const running = screen.kind === 'item' || screen.kind === 'missing';
  const left = usePartClock(running ? (progress?.deadline ?? null) : null, status.serverTime);
  const expired = left === 0;
  const [recording, setRecording] = useState(false);
  const timedOut = useRef<string | null>(null);
  const { run, saving, kept } = runner;
  // A failed recording can be sent again while its question is still open: its part's clock running,
  // nothing being sent or recorded. Once the clock runs out the part ends as it would have without it.
  const canSendAgain =
    !!kept &&
    screen.kind === 'item' &&
    kept.meta.context.itemId === screen.item.id &&
    !expired &&
    !recording &&
    !saving;

  // The clock ran out: once the microphone is free and no answer is in flight, end the part.
  useEffect(() => {
    if (!running || !progress || !expired || recording || saving) return;
    // Once per part: a second timeout would only be answered with the part already ended.
    if (timedOut.current === progress.part) return;
    timedOut.current = progress.part;
    void run({ kind: 'json', request: { type: 'timeout', context: context(progress.part, progress.level) } });
  }, [running, progress, expired, recording, saving, run]);

  const answerSpoken = useCallback(
    (recording: Recording) => {
      if (screen.kind !== 'item') return;
      const { part, progress: p, item } = screen;
      void run({
        kind: 'form',
        audio: recording.blob,
        meta: {
          context: { ...context(part, p.level, item.id), itemId: item.id },
          data: { durationMs: Math.round(recording.durationMs) },
          type: part === 'FreeSpeech' ? 'answer-free-speech' : 'read-phrase',
        },
      });
    },
    [screen, run],
  );

  const answerChoice = (answerIndex: number) => {
    if (screen.kind !== 'item') return;
    void run({
      kind: 'json',
      request: {
        type: 'answer-comprehension-question',
        context: context(screen.part, screen.progress.level, screen.item.id),
        data: { answerIndex },
      },
    });
  };

  if (screen.kind === 'finished' || !progress) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }

  return (
    <Stack gap="lg">
      <RunnerHeader
        status={status}
        progress={progress}
        secondsLeft={running ? left : null}
        showQuestion={running}
      />
      <Divider />
      {screen.kind === 'intro' && (
        <PartIntro
          progress={screen.progress}
          previous={screen.previous}
          content={test.content}
          starting={saving}
          onStart={() =>
            void run({ kind: 'json', request: { type: 'start-part', context: context(screen.part) } })
          }
        />
      )}
      {screen.kind === 'item' &&
        (screen.item.kind === 'reading' || screen.item.kind === 'free-speech' ? (
          <SpokenItem
            item={screen.item}
            saving={saving}
            expired={expired}
            onAnswer={answerSpoken}
            onRecordingChange={setRecording}
          />
        ) : (
          <ChoiceItem
            key={screen.item.id}
            item={screen.item}
            saving={saving}
            expired={expired}
            onAnswer={answerChoice}
          />
        ))}
      {screen.kind === 'missing' && (
        <Alert color="red" role="alert" icon={<IconAlertCircle />}>
          {CANDIDATE_TEXTS.missingItem}
        </Alert>
      )}
      <RunnerStatus
        saving={saving && running}
        retrying={runner.retrying}
        error={runner.error}
        expired={expired && running}
        onSendAgain={canSendAgain ? runner.sendKeptAgain : undefined}
      />
    </Stack>
  );
}

/**
 * Saving, retrying, time up and refusals, announced politely (errors assertively); after a failed
 * recording, Try again sends the kept one (the microphone above records a new answer instead).
 */
function RunnerStatus(props: {
  saving: boolean;
  retrying: boolean;
  error: string | null;
  expired: boolean;
  onSendAgain?: () => void;
}) {
  return (
    <Stack gap="sm" aria-live="polite">
      {props.expired && (
        <Alert color="orange" variant="light" icon={<IconAlarm />} title={CANDIDATE_TEXTS.timeUp} />
      )}
      {props.saving && !props.retrying && (
        <Group gap="sm" justify="center" data-testid="saving">
          <Loader size="sm" type="dots" />
          <Text c="dimmed">{CANDIDATE_TEXTS.saving}</Text>
        </Group>
      )}
      {props.retrying && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff />} data-testid="retrying">
          {CANDIDATE_TEXTS.retrying}
        </Alert>
      )}
      {props.error && (
        <Alert color="red" role="alert" icon={<IconAlertCircle />}>
          {props.error}
        </Alert>
      )}
      {props.error && props.onSendAgain && <SendAgain onSendAgain={props.onSendAgain} testId="send-again" />}
    </Stack>
  );
}
