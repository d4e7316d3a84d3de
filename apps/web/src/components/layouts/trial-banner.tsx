import { billingTexts } from '@agaton/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconCalendarEvent, IconClockHour4, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { TrialBanner as TrialBannerState } from '../../lib/navigation';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/**
 * Banner area of the coach shell (spec 1 §4): minutes left in the trial, the trial-ended (or
 * subscription-ended) notice with Upgrade, or when a cancelled subscription ends.
 */
export function TrialBanner({ state, upgradeTo }: { state: TrialBannerState; upgradeTo: string }) {
  if (!state) return null;
  const warn = state.kind !== 'trialing';
  let text: string;
  let action: { label: string; to: string } = { label: billingTexts.upgrade, to: upgradeTo };
  let Icon = IconSparkles;
  if (state.kind === 'trialing') {
    text = `Free trial: ${state.minutesLeft} recording ${state.minutesLeft === 1 ? 'minute' : 'minutes'} left.`;
  } else if (state.kind === 'ending') {
    text = `Your Record Meeting plan ends on ${longDate(state.endsAt)}.`;
    action = { label: 'Keep my plan', to: paths.coachPlan.href('record-meeting') };
    Icon = IconCalendarEvent;
  } else {
    text = state.kind === 'ended' ? billingTexts.trialEnded : billingTexts.subscriptionEnded;
    Icon = IconClockHour4;
  }
  return (
    <Group
      role="status"
      data-testid="trial-banner"
      data-kind={state.kind}
      justify="center"
      gap="md"
      px="md"
      py={8}
      bg={warn ? 'orange.0' : 'brand.0'}
      style={{ borderBottom: `1px solid var(--mantine-color-${warn ? 'orange' : 'brand'}-1)` }}
    >
      <Group gap={8} wrap="nowrap">
        <Icon size={18} />
        <Text size="sm" fw={500}>
          {text}
        </Text>
      </Group>
      <Button
        component={Link}
        to={action.to}
        size="xs"
        variant={state.kind === 'ended' || state.kind === 'subscription-ended' ? 'filled' : 'light'}
      >
        {action.label}
      </Button>
    </Group>
  );
}
