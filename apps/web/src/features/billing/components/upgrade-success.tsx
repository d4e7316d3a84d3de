import { billingTexts, type CurrentPlan } from '@agaton/contracts';
import { Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import {
  billingKeys,
  refreshPlanQueries,
  refreshSubscription,
  useRefreshSubscription,
} from '../api/billing-api';
import { BILLING_LABELS } from '../texts';
import { planSummary } from './current-plan-summary';

function Panel({ icon, color, children }: { icon: ReactNode; color: string; children: ReactNode }) {
  return (
    <Center py="xl" mih="60vh">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={520} ta="center" data-testid="upgrade-success">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The upgrade success page (spec 1 §2; path /coach/upgrade-success, our choice). It reads the plan
 * from the billing provider first and says what it really is: upgraded ('Open the app' refreshes the
 * subscription, then opens the app), or not active yet (opened directly, or a payment still on its way).
 */
export function UpgradeSuccess() {
  useDocumentTitle(`${billingTexts.upgradedTitle} · Agaton`);
  const queryClient = useQueryClient();
  const refresh = useRefreshSubscription();
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: billingKeys.planCheck,
    queryFn: async (): Promise<CurrentPlan> => {
      const plan = await refreshSubscription();
      queryClient.setQueryData(billingKeys.currentPlan, plan);
      await refreshPlanQueries(queryClient);
      return plan;
    },
    staleTime: 0,
    gcTime: 0,
  });

  const open = () =>
    refresh.mutate(undefined, { onSettled: () => navigate(paths.coachAssistant.href(), { replace: true }) });
  const toPricing = (
    <Button component={Link} to={paths.coachPricing.href()} variant="default">
      {billingTexts.goToPricing}
    </Button>
  );
  const checkAgain = (
    <Group justify="center">
      <Button onClick={() => check.refetch()} loading={check.isFetching}>
        {BILLING_LABELS.checkAgain}
      </Button>
      {toPricing}
    </Group>
  );

  if (check.isPending) {
    return (
      <Center mih="60vh">
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{BILLING_LABELS.checkingPlan}</Text>
        </Stack>
      </Center>
    );
  }
  if (check.isError) {
    return (
      <Panel color="orange" icon={<IconAlertTriangle size={36} />}>
        <Text role="alert">{BILLING_LABELS.checkFailed}</Text>
        {checkAgain}
      </Panel>
    );
  }
  if (check.data.subscription.status !== 'ACTIVE') {
    return (
      <Panel color="orange" icon={<IconClockHour4 size={36} />}>
        <Title order={1} fz={26}>
          {BILLING_LABELS.notActiveTitle}
        </Title>
        <Text c="dimmed" data-testid="plan-now">
          {planSummary(check.data).detail}
        </Text>
        <Text size="sm" c="dimmed">
          {BILLING_LABELS.notActiveHint}
        </Text>
        {checkAgain}
      </Panel>
    );
  }
  return (
    <Panel color="green" icon={<IconCircleCheck size={36} />}>
      <Title order={1} fz={26}>
        {billingTexts.upgradedTitle}
      </Title>
      <Text c="dimmed">{billingTexts.upgradedBody}</Text>
      <Button onClick={open} loading={refresh.isPending} mt="xs">
        {billingTexts.openApp}
      </Button>
    </Panel>
  );
}
