import { RECORDING, sessionTexts } from '@agaton/contracts';
import { Alert, Box, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconAlertCircle,
  IconHeadphones,
  IconMicrophone,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerStopFilled,
} from '@tabler/icons-react';
import type { MeetingRecorder } from '../hooks/use-meeting-recorder';
import { formatClock } from '../utils/recording-time';
import classes from './recorder-panel.module.css';

/** The status line above the timer: the prompt, 'Recording!' or 'Paused'. */
function StatusLine({ phase }: { phase: MeetingRecorder['phase'] }) {
  if (phase === 'recording' || phase === 'stopping') {
    return (
      <Group gap={8} data-testid="record-status" data-phase={phase}>
        <span className={classes.liveDot} aria-hidden />
        <Text fw={700} c="red.7" fz="lg">
          {sessionTexts.record.recording}
        </Text>
      </Group>
    );
  }
  if (phase === 'paused') {
    return (
      <Text fw={700} c="orange.7" fz="lg" data-testid="record-status" data-phase={phase}>
        {sessionTexts.record.paused}
      </Text>
    );
  }
  return (
    <Text fw={600} fz="lg" ta="center" data-testid="record-status" data-phase={phase}>
      {sessionTexts.record.prompt}
    </Text>
  );
}

/**
 * Record, Stop, Pause and Continue around one big round button, the timer `mm:ss / 90:00` and the
 * hints (spec 1 §2 "Record Meeting").
 */
export function RecorderPanel({ recorder }: { recorder: MeetingRecorder }) {
  const { phase } = recorder;
  const running = phase === 'recording' || phase === 'paused' || phase === 'stopping';
  // The ring follows the voice; it stays within the space the button keeps around itself.
  const ring = phase === 'recording' ? 6 + Math.round(recorder.level * 18) : 0;
  return (
    <Stack align="center" gap="lg" py="md">
      <StatusLine phase={phase} />
      <Text
        className={classes.timer}
        c={phase === 'paused' ? 'dimmed' : undefined}
        data-testid="record-timer"
        aria-label="Recording time"
      >
        {formatClock(recorder.elapsedMs)} / {formatClock(recorder.maxMs)}
      </Text>
      <Stack align="center" gap={10} className={classes.buttonArea}>
        <UnstyledButton
          className={classes.bigButton}
          data-running={running || undefined}
          aria-label={running ? 'Stop' : 'Record'}
          disabled={phase === 'starting' || phase === 'stopping'}
          onClick={running ? recorder.stop : recorder.start}
          style={{
            boxShadow: running
              ? `0 0 0 ${ring}px rgba(250, 82, 82, 0.16), 0 10px 28px rgba(250, 82, 82, 0.35)`
              : undefined,
          }}
        >
          {phase === 'starting' || phase === 'stopping' ? (
            <Loader color="white" size={36} />
          ) : running ? (
            <IconPlayerStopFilled size={40} />
          ) : (
            <IconMicrophone size={46} />
          )}
        </UnstyledButton>
        <Text size="sm" fw={600} c={running ? 'red.7' : 'brand.7'} aria-hidden>
          {running ? 'Stop' : 'Record'}
        </Text>
      </Stack>
      <Box mih={50}>
        {phase === 'recording' && (
          <Button
            variant="default"
            radius="xl"
            leftSection={<IconPlayerPauseFilled size={16} />}
            onClick={recorder.pause}
          >
            Pause
          </Button>
        )}
        {phase === 'paused' && (
          <Button radius="xl" leftSection={<IconPlayerPlayFilled size={16} />} onClick={recorder.resume}>
            Continue
          </Button>
        )}
      </Box>
      {recorder.error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" maw={480}>
          {recorder.error}
        </Alert>
      )}
      <Stack gap={4} align="center" ta="center">
        <Text size="sm" c="dimmed">
          <IconHeadphones size={16} className={classes.inlineIcon} aria-hidden />
          {sessionTexts.record.headphones}
        </Text>
        <Text size="sm" c="dimmed">
          {sessionTexts.record.maxLength(RECORDING.maxMinutes)}
        </Text>
      </Stack>
    </Stack>
  );
}
