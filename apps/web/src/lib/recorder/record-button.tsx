import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import type { RecorderApi } from './use-recorder';

export interface RecordButtonProps {
  recorder: RecorderApi;
  /** Disabled while a recording is being scored (spec: disabled when recording is disabled). */
  disabled?: boolean;
  /** Hint under the button while idle. */
  hint?: string;
  /**
   * 'hold' (default): press and hold, release to stop. 'toggle': click (or Space/Enter) to start,
   * again to stop, with the elapsed time against `maxSeconds` shown while recording.
   */
  mode?: 'hold' | 'toggle';
  /** The recording limit shown in toggle mode (the recorder's own maxDurationMs stops it). */
  maxSeconds?: number;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Whole seconds since `recording` became true, ticking while it stays true. */
function useElapsedSeconds(recording: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    setElapsed(0);
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);
  return elapsed;
}

/**
 * Press and hold with mouse, touch or the space bar; release or leaving the button stops
 * (spec 3 section 4 "Recorder"). Pointer events cover mouse, pen and touch alike.
 */
export function RecordButton(props: RecordButtonProps) {
  return props.mode === 'toggle' ? <ToggleRecordButton {...props} /> : <HoldRecordButton {...props} />;
}

/** The round button both modes draw, with the level ring while recording. */
function buttonStyle(recording: boolean, off: boolean, level: number) {
  const ring = recording ? 6 + Math.round(level * 26) : 0;
  return {
    width: 88,
    height: 88,
    borderRadius: '50%',
    display: 'grid',
    placeItems: 'center',
    color: 'white',
    touchAction: 'none',
    userSelect: 'none',
    cursor: off ? 'not-allowed' : 'pointer',
    opacity: off ? 0.45 : 1,
    background: recording
      ? 'var(--mantine-color-red-6)'
      : 'linear-gradient(135deg, var(--mantine-color-indigo-6), var(--mantine-color-violet-6))',
    boxShadow: recording
      ? `0 0 0 ${ring}px rgba(250, 82, 82, 0.18), 0 8px 24px rgba(250, 82, 82, 0.35)`
      : '0 8px 24px rgba(76, 110, 245, 0.35)',
    transition: 'box-shadow 80ms linear, background 150ms ease',
  } as const;
}

/**
 * Click to start, click to stop: a native button, so Space and Enter work as clicks. Shows the time
 * recorded against the limit ("0:07 / 0:30") while recording.
 */
function ToggleRecordButton({
  recorder,
  disabled,
  hint = 'Click to start recording',
  maxSeconds = 30,
}: RecordButtonProps) {
  const recording = recorder.status === 'recording';
  const busy = recorder.status === 'starting';
  const off = disabled || !!recorder.error;
  const elapsed = Math.min(useElapsedSeconds(recording), maxSeconds);
  return (
    <Stack align="center" gap={8}>
      <UnstyledButton
        aria-label={recording ? 'Stop recording' : 'Start recording'}
        aria-pressed={recording}
        data-status={recorder.status}
        disabled={off}
        onClick={() => (recording || busy ? recorder.stop() : recorder.start())}
        style={buttonStyle(recording, off, recorder.level)}
      >
        {recording ? <IconPlayerStopFilled size={34} /> : <IconMicrophone size={38} />}
      </UnstyledButton>
      <Box mih={20} ta="center">
        {recording ? (
          <Text size="sm" c="red.7" fw={600}>
            {`Recording… click to stop · `}
            <span data-testid="record-elapsed">{`${clock(elapsed)} / ${clock(maxSeconds)}`}</span>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {`${hint} · up to ${clock(maxSeconds)}`}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

function HoldRecordButton({ recorder, disabled, hint = 'Press and hold to record' }: RecordButtonProps) {
  const recording = recorder.status === 'recording';
  const off = disabled || !!recorder.error;
  const onKey = (event: KeyboardEvent, down: boolean) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (down && !event.repeat) recorder.start();
    if (!down) recorder.stop();
  };
  return (
    <Stack align="center" gap={8}>
      <UnstyledButton
        aria-label={recording ? 'Recording – release to stop' : 'Press and hold to record'}
        aria-pressed={recording}
        data-status={recorder.status}
        disabled={off}
        onPointerDown={(event) => {
          if (event.button !== 0 && event.pointerType === 'mouse') return;
          recorder.start();
        }}
        onPointerUp={recorder.stop}
        onPointerLeave={recorder.stop}
        onPointerCancel={recorder.stop}
        onContextMenu={(event) => event.preventDefault()}
        onKeyDown={(event) => onKey(event, true)}
        onKeyUp={(event) => onKey(event, false)}
        style={buttonStyle(recording, off, recorder.level)}
      >
        {recording ? <IconPlayerStopFilled size={34} /> : <IconMicrophone size={38} />}
      </UnstyledButton>
      <Box mih={20}>
        <Text size="sm" c={recording ? 'red.7' : 'dimmed'} fw={recording ? 600 : 400}>
          {recording ? 'Recording… release to stop' : hint}
        </Text>
      </Box>
    </Stack>
  );
}
