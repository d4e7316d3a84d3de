import { Button, Group, Text } from '@mantine/core';
import { IconClockHour4, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TrialBanner as TrialBannerState } from '../../lib/navigation';

/** Banner area of the coach shell: minutes left in the trial, or the trial-ended notice. */
export function TrialBanner({ state, upgradeTo }: { state: TrialBannerState; upgradeTo: string }) {
  if (!state) return null;
  const ended = state.kind === 'ended';
  return (
    <Group
      role="status"
      justify="center"
      gap="md"
      px="md"
      py={8}
      bg={ended ? 'orange.0' : 'brand.0'}
      style={{ borderBottom: `1px solid var(--mantine-color-${ended ? 'orange' : 'brand'}-1)` }}
    >
      <Group gap={8} wrap="nowrap">
        {ended ? <IconClockHour4 size={18} /> : <IconSparkles size={18} />}
        <Text size="sm" fw={500}>
          {ended
            ? 'Your free trial has ended.'
            : `Free trial: ${state.minutesLeft} recording ${state.minutesLeft === 1 ? 'minute' : 'minutes'} left.`}
        </Text>
      </Group>
      <Button component={Link} to={upgradeTo} size="xs" variant={ended ? 'filled' : 'light'}>
        Upgrade
      </Button>
    </Group>
  );
}
