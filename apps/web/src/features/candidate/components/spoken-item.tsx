import { TEST_RULES } from '@agaton/contracts';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { RecordButton } from '../../../lib/recorder/record-button';
import { type Recording, useRecorder } from '../../../lib/recorder/use-recorder';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { CANDIDATE_TEXTS } from '../texts';
import type { TestItem } from '../utils/test-view';

export interface SpokenItemProps {
  item: Extract<TestItem, { kind: 'reading' | 'free-speech' }>;
  /** An answer is being saved: recording waits. */
  saving: boolean;
  /** The part's clock ran out: a recording in progress stops (and is sent), no new one starts. */
  expired: boolean;
  onAnswer: (recording: Recording) => void;
  /** Whether the microphone is busy, so the runner sends the timeout only after the last answer. */
  onRecordingChange: (recording: boolean) => void;
}

/**
 * A sentence to read aloud, or the free-speech topic: click to record, click again to stop; the
 * recording is the answer (under 500 ms is refused here, asking for another take).
 */
export function SpokenItem({ item, saving, expired, onAnswer, onRecordingChange }: SpokenItemProps) {
  // Kept with the item it was about, so the next item starts without it.
  const [info, setInfo] = useState<{ itemId: string; text: string } | null>(null);
  const heading = useFocusOnChange<HTMLHeadingElement>(item.id);
  const recorder = useRecorder({
    maxDurationMs: TEST_RULES.maxRecordingSeconds * 1000,
    disabled: saving || expired,
    onRecording: (recording) => {
      if (recording.durationMs < TEST_RULES.minRecordingMs) {
        setInfo({ itemId: item.id, text: CANDIDATE_TEXTS.tooShort });
        return;
      }
      setInfo(null);
      onAnswer(recording);
    },
  });
  const busy = recorder.status !== 'idle';
  const { stop } = recorder;
  useEffect(() => onRecordingChange(busy), [busy, onRecordingChange]);
  useEffect(() => {
    if (expired && busy) stop();
  }, [expired, busy, stop]);

  const reading = item.kind === 'reading';
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={2} fz="md" fw={600} c="dimmed" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {reading ? CANDIDATE_TEXTS.readAloud : CANDIDATE_TEXTS.speakAbout}
        </Title>
        <Text
          fz={{ base: 22, sm: reading ? 30 : 24 }}
          fw={600}
          lh={1.4}
          data-testid={reading ? 'reading-sentence' : 'free-speech-topic'}
        >
          {item.text}
        </Text>
      </Stack>
      <Stack align="center" gap="sm" py="sm">
        <RecordButton
          recorder={recorder}
          mode="toggle"
          maxSeconds={TEST_RULES.maxRecordingSeconds}
          disabled={saving || expired}
        />
        <Text size="sm" c="dimmed" ta="center">
          {CANDIDATE_TEXTS.sentOnStop}
        </Text>
      </Stack>
      {recorder.error && (
        <Alert color="red" role="alert">
          {recorder.error}
        </Alert>
      )}
      {info?.itemId === item.id && (
        <Alert color="blue" icon={<IconInfoCircle />} role="status">
          {info.text}
        </Alert>
      )}
    </Stack>
  );
}
