import { sessionTexts } from '@agaton/contracts';
import { Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { RECORDING_TEXTS } from '../texts';

/** Uploading: a spinner (the one API client uses fetch, which reports no upload progress). */
export function UploadingView() {
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="upload-uploading">
      <Loader size="lg" type="bars" />
      <Text fw={600} fz="lg">
        {RECORDING_TEXTS.uploading}
      </Text>
      <Text size="sm" c="dimmed">
        {RECORDING_TEXTS.uploadingHint}
      </Text>
    </Stack>
  );
}

/** Failed: why, that the recording is kept, Retry and Cancel (and Upgrade when out of minutes). */
export function FailedView(props: {
  error: string;
  /** The recording is in the browser's store (not a chosen file). */
  kept: boolean;
  paymentRequired: boolean;
  onRetry: () => void;
  onCancel: () => void;
}) {
  return (
    <Stack align="center" gap="md" py="lg" ta="center" data-testid="upload-failed">
      <ThemeIcon size={64} radius="xl" color="red" variant="light">
        <IconCloudX size={34} />
      </ThemeIcon>
      <Title order={2} fz="xl">
        {RECORDING_TEXTS.failedTitle}
      </Title>
      <Text role="alert" maw={460}>
        {props.error}
      </Text>
      {props.kept && (
        <Text size="sm" c="dimmed" maw={460}>
          {RECORDING_TEXTS.keptSafe}
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={props.onCancel}>
          {RECORDING_TEXTS.cancel}
        </Button>
        {props.paymentRequired ? (
          <Button component={Link} to={paths.coachPricing.href()}>
            {sessionTexts.record.upgrade}
          </Button>
        ) : (
          <Button onClick={props.onRetry}>{RECORDING_TEXTS.retry}</Button>
        )}
      </Group>
      {props.paymentRequired && (
        <Button variant="subtle" size="xs" onClick={props.onRetry}>
          {RECORDING_TEXTS.retry}
        </Button>
      )}
    </Stack>
  );
}
