import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import type { RecorderApi } from './use-recorder';

export interface RecordButtonProps {
  recorder: RecorderApi;
  /** Disabled while a recording is being scored (spec: disabled when recording is disabled). */
  disabled?: boolean;
  /** Hint under the button while idle. */
  hint?: string;
}

/**
 * Press and hold with mouse, touch or the space bar; release or leaving the button stops
 * (spec 3 section 4 "Recorder"). Pointer events cover mouse, pen and touch alike.
 */
export function RecordButton({ recorder, disabled, hint = 'Press and hold to record' }: RecordButtonProps) {
  const recording = recorder.status === 'recording';
  const off = disabled || !!recorder.error;
  const onKey = (event: KeyboardEvent, down: boolean) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (down && !event.repeat) recorder.start();
    if (!down) recorder.stop();
  };
  const ring = recording ? 6 + Math.round(recorder.level * 26) : 0;
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
        style={{
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
        }}
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
