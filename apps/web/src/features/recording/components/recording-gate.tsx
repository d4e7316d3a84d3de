import { messages, sessionTexts } from '@agaton/contracts';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { RECORDING_TEXTS } from '../texts';
import type { RecordingGate } from '../utils/recording-gate';

/** Shown instead of the recorder when the plan does not allow recording (spec 1 §2, §5). */
export function RecordingGateView({ gate }: { gate: Exclude<RecordingGate, 'allowed'> }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="recording-gate" data-gate={gate}>
      <ThemeIcon size={64} radius="xl" variant="light" color="orange">
        <IconLock size={32} />
      </ThemeIcon>
      {gate === 'trial-ended' && (
        <>
          <Title order={2} fz="xl">
            {sessionTexts.record.upgradeToContinue}
          </Title>
          <Text c="dimmed">{sessionTexts.record.trialEnded}</Text>
        </>
      )}
      {gate === 'no-minutes' && (
        <>
          <Title order={2} fz="xl">
            {RECORDING_TEXTS.noMinutesTitle}
          </Title>
          <Text c="dimmed">{messages.recording.noMinutes}</Text>
        </>
      )}
      {gate === 'canceled' && (
        <>
          <Title order={2} fz="xl">
            {sessionTexts.record.upgradeToContinue}
          </Title>
          <Text c="dimmed">{RECORDING_TEXTS.canceledTitle}</Text>
        </>
      )}
      <Button component={Link} to={paths.coachPricing.href()} mt="sm">
        {sessionTexts.record.upgrade}
      </Button>
    </Stack>
  );
}
