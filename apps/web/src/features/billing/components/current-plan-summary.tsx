import type { CurrentPlan } from '@agaton/contracts';
import { findPlan } from '@agaton/contracts';
import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatLongDate, formatMinutes } from '../utils/app-urls';

/** What the coach has now: the trial or the paid plan, minutes left and the next date that matters. */
export function planSummary(plan: CurrentPlan): {
  title: string;
  badge: string;
  detail: string;
  tone: string;
} {
  const { subscription } = plan;
  const minutes = plan.features.recording.availableRecordingMinutes;
  const allowance = plan.features.recording.monthlyAllowance;
  const name = findPlan(subscription.planId ?? undefined)?.name ?? 'Plan';
  if (subscription.status === 'TRIALING') {
    const until = subscription.trialEnd ? `, until ${formatLongDate(subscription.trialEnd)}` : '';
    return {
      title: 'Free trial',
      badge: 'Trial',
      detail: `${formatMinutes(minutes)} free recording minutes left${until}.`,
      tone: 'brand',
    };
  }
  if (subscription.status === 'ACTIVE') {
    const left = allowance
      ? `${formatMinutes(minutes)} of ${formatMinutes(allowance)}`
      : formatMinutes(minutes);
    const date = subscription.currentPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : '';
    return {
      title: name,
      badge: subscription.cancelAtPeriodEnd ? 'Ends soon' : 'Active',
      detail: `${left} recording minutes left this month. ${
        subscription.cancelAtPeriodEnd ? `Your plan ends on ${date}.` : `Renews on ${date}.`
      }`,
      tone: subscription.cancelAtPeriodEnd ? 'orange' : 'green',
    };
  }
  return {
    title: subscription.planId ? name : 'Free trial',
    badge: 'Ended',
    detail: subscription.planId
      ? 'Your subscription has ended. Upgrade to record again.'
      : 'Your free trial has ended. Upgrade to record again.',
    tone: 'orange',
  };
}

/** The plan's title, its state as a badge and the line under them (the pricing and subscription pages). */
export function PlanSummaryLines({
  plan,
  titleSize,
  detailTestId,
}: {
  plan: CurrentPlan;
  titleSize?: 'lg';
  detailTestId?: string;
}) {
  const summary = planSummary(plan);
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text fw={650} fz={titleSize}>
          {summary.title}
        </Text>
        <Badge color={summary.tone} variant="light">
          {summary.badge}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" data-testid={detailTestId}>
        {summary.detail}
      </Text>
    </Stack>
  );
}

export function CurrentPlanSummary({ plan }: { plan: CurrentPlan }) {
  const allowance = plan.features.recording.monthlyAllowance;
  const minutes = plan.features.recording.availableRecordingMinutes;
  return (
    <Paper withBorder radius="lg" p="lg" mb="lg" data-testid="current-plan">
      <PlanSummaryLines plan={plan} />
      {allowance ? <Progress value={(100 * minutes) / allowance} size="sm" mt={10} aria-hidden /> : null}
    </Paper>
  );
}
