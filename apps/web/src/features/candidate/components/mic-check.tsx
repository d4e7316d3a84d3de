import { TEST_RULES } from '@agaton/contracts';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconMicrophoneOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { RecordButton } from '../../../lib/recorder/record-button';
import { type Recording, useRecorder } from '../../../lib/recorder/use-recorder';
import { scoreMicCheck } from '../api/candidate-api';
import { CANDIDATE_TEXTS } from '../texts';

/** A reading scoring at least this is heard clearly; below it the candidate gets advice. */
export const MIC_CLEAR_SCORE = 40;

type CheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'result'; outcome: 'clear' | 'unclear' | 'silent' | 'failed' | 'short' };

const OUTCOMES: Record<
  'clear' | 'unclear' | 'silent' | 'failed' | 'short',
  { color: string; icon: ReactNode; text: string }
> = {
  clear: { color: 'teal', icon: <IconCircleCheck />, text: CANDIDATE_TEXTS.micClear },
  unclear: { color: 'yellow', icon: <IconAlertTriangle />, text: CANDIDATE_TEXTS.micUnclear },
  silent: { color: 'orange', icon: <IconMicrophoneOff />, text: CANDIDATE_TEXTS.micSilent },
  failed: { color: 'gray', icon: <IconInfoCircle />, text: CANDIDATE_TEXTS.micFailed },
  short: { color: 'blue', icon: <IconInfoCircle />, text: CANDIDATE_TEXTS.tooShort },
};

/**
 * Optional microphone check before the test: the candidate reads a sample sentence, the server scores
 * it like a test reading (POST /api/score/phrase, not recorded as an answer) and we say whether they
 * were heard. A silent or unusable recording answers 422.
 */
export function MicCheck() {
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const check = async (recording: Recording) => {
    if (recording.durationMs < TEST_RULES.minRecordingMs) {
      setState({ kind: 'result', outcome: 'short' });
      return;
    }
    setState({ kind: 'checking' });
    try {
      const answer = await scoreMicCheck(recording.blob, CANDIDATE_TEXTS.micSentence);
      const clear = answer.assessment.overall_score >= MIC_CLEAR_SCORE;
      setState({ kind: 'result', outcome: clear ? 'clear' : 'unclear' });
    } catch (error) {
      const silent = error instanceof ApiError && error.status === 422;
      setState({ kind: 'result', outcome: silent ? 'silent' : 'failed' });
    }
  };
  const recorder = useRecorder({
    maxDurationMs: TEST_RULES.maxRecordingSeconds * 1000,
    disabled: state.kind === 'checking',
    onRecording: (recording) => void check(recording),
  });
  const outcome = state.kind === 'result' ? OUTCOMES[state.outcome] : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mic-check-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="mic-check-heading">
          {CANDIDATE_TEXTS.micHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {CANDIDATE_TEXTS.micHelp}
        </Text>
        <Text fz="lg" fw={600} data-testid="mic-sentence">
          {`“${CANDIDATE_TEXTS.micSentence}”`}
        </Text>
        <Group justify="center">
          <RecordButton
            recorder={recorder}
            mode="toggle"
            maxSeconds={TEST_RULES.maxRecordingSeconds}
            disabled={state.kind === 'checking'}
          />
        </Group>
        <Stack gap="xs" aria-live="polite">
          {state.kind === 'checking' && (
            <Group gap="sm" justify="center">
              <Loader size="sm" type="dots" />
              <Text c="dimmed">{CANDIDATE_TEXTS.micChecking}</Text>
            </Group>
          )}
          {outcome && (
            <Alert color={outcome.color} icon={outcome.icon} data-testid="mic-result">
              {outcome.text}
            </Alert>
          )}
          {recorder.error && (
            <Alert color="red" role="alert">
              {recorder.error}
            </Alert>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
