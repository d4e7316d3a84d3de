import { billingTexts } from '@agaton/contracts';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentPlan } from '../api/billing-api';
import { BILLING_LABELS } from '../texts';
import { PlanSummaryLines } from './current-plan-summary';

/**
 * /coach/subscription opened without a portal session (a bookmark, a typed address): the coach's
 * plan as it is, with the way to manage it (an active plan, through the customer portal) or to upgrade.
 */
export function SubscriptionOverview() {
  const plan = useCurrentPlan();
  if (plan.isPending) {
    return (
      <Center mih="50vh">
        <Loader />
      </Center>
    );
  }
  if (plan.isError) {
    return (
      <Center mih="50vh">
        <Stack align="center" gap="sm">
          <Text role="alert">{BILLING_LABELS.checkFailed}</Text>
          <Button onClick={() => plan.refetch()} loading={plan.isFetching}>
            {BILLING_LABELS.checkAgain}
          </Button>
        </Stack>
      </Center>
    );
  }
  const active = plan.data.subscription.status === 'ACTIVE';
  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={560} data-testid="subscription-overview">
        <Stack gap="lg">
          <Title order={1} fz={24}>
            {BILLING_LABELS.subscriptionTitle}
          </Title>
          <PlanSummaryLines plan={plan.data} titleSize="lg" detailTestId="plan-detail" />
          <Group justify="flex-end">
            {active ? (
              <Button component={Link} to={paths.coachPlan.href('record-meeting')}>
                {BILLING_LABELS.managePlan}
              </Button>
            ) : (
              <Button component={Link} to={paths.coachPricing.href()}>
                {billingTexts.upgrade}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
