import '@mantine/dropzone/styles.css';
import { RECORDING } from '@agaton/contracts';
import { Alert, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconFileMusic, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { RECORDING_TEXTS } from '../texts';
import {
  acceptedExtension,
  fileUploadTimes,
  readAudioDuration,
  type UploadTimes,
} from '../utils/recording-time';

/** The accepted types by MIME type, each with every accepted extension (browsers disagree on types). */
const extensions = RECORDING.extensions.map((ext) => `.${ext}`);
const ACCEPT: Record<string, string[]> = Object.fromEntries(
  [
    'audio/mpeg',
    'audio/mp3',
    'audio/mp4',
    'audio/x-m4a',
    'audio/aac',
    'video/mp4',
    'audio/webm',
    'video/webm',
    'audio/ogg',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
  ].map((type) => [type, extensions]),
);

/**
 * A recording file dropped or chosen (mp3, mp4/m4a, webm, ogg, wav): its start and end come from its
 * duration, read from an <audio> element's metadata, ending when the file was last modified.
 */
export function FileDrop(props: {
  onFile: (file: File, times: UploadTimes) => void;
  readDuration?: (file: File) => Promise<number | null>;
}) {
  const { onFile, readDuration = readAudioDuration } = props;
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const accept = async (file: File) => {
    setError(null);
    if (!acceptedExtension(file.name, RECORDING.extensions)) {
      setError(RECORDING_TEXTS.dropRejected(RECORDING.extensions));
      return;
    }
    setReading(true);
    const duration = await readDuration(file);
    setReading(false);
    if (duration === null) {
      setError(RECORDING_TEXTS.dropUnreadable);
      return;
    }
    onFile(file, fileUploadTimes(file, duration));
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => files[0] && void accept(files[0])}
        onReject={() => setError(RECORDING_TEXTS.dropRejected(RECORDING.extensions))}
        accept={ACCEPT}
        maxSize={RECORDING.maxUploadBytes}
        multiple={false}
        loading={reading}
        radius="lg"
        data-testid="recording-dropzone"
      >
        <Group justify="center" gap="md" mih={88} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <ThemeIcon size={44} radius="xl" variant="light">
              <IconUpload size={24} />
            </ThemeIcon>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <ThemeIcon size={44} radius="xl" variant="light" color="red">
              <IconX size={24} />
            </ThemeIcon>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconFileMusic size={24} />
            </ThemeIcon>
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={600}>{RECORDING_TEXTS.dropTitle}</Text>
            <Text size="sm" c="dimmed">
              {RECORDING_TEXTS.dropHint(RECORDING.extensions)}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
