import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { MODAL_FADE_MS } from '../../../config/constants';
import { RECORDING_TEXTS } from '../texts';
import type { StoredRecording } from '../utils/recording-store';
import { formatClock, recordedMs } from '../utils/recording-time';

const when = (at: number | null) =>
  new Date(at ?? Date.now()).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Recordings left in the browser (crash, reload, closed tab, failed upload): upload or discard. */
export function PendingRecordings(props: {
  recordings: StoredRecording[];
  onUpload: (recording: StoredRecording) => void;
  onDiscard: (recording: StoredRecording) => void;
}) {
  const [discarding, setDiscarding] = useState<StoredRecording | null>(null);
  if (props.recordings.length === 0) return null;
  return (
    <>
      {props.recordings.map((recording) => (
        <Alert
          key={recording.id}
          color="orange"
          variant="light"
          radius="lg"
          icon={<IconDeviceFloppy />}
          title={RECORDING_TEXTS.pendingTitle}
          data-testid="pending-recording"
        >
          <Stack gap="sm">
            <Text size="sm">
              {RECORDING_TEXTS.pendingBody(when(recording.startedAt), formatClock(recordedMs(recording)))}
              {recording.stoppedAt === null ? ` ${RECORDING_TEXTS.pendingUnfinished}` : ''}
            </Text>
            <Group gap="sm">
              <Button size="xs" onClick={() => props.onUpload(recording)}>
                {RECORDING_TEXTS.pendingUpload}
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={() => setDiscarding(recording)}>
                {RECORDING_TEXTS.pendingDiscard}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      <Modal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        withCloseButton={false}
        centered
        size={420}
        transitionProps={{ duration: MODAL_FADE_MS }}
      >
        <Text>{RECORDING_TEXTS.discardConfirm}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDiscarding(null)}>
            {RECORDING_TEXTS.cancel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (discarding) props.onDiscard(discarding);
              setDiscarding(null);
            }}
          >
            {RECORDING_TEXTS.discardYes}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
