import { Button, Center, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { layout } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useChangeLocalSubscription, useLocalPortal } from '../api/billing-api';
import { BILLING_LABELS } from '../texts';
import { formatLongDate, useFollowUrl } from '../utils/app-urls';
import { PlanSummaryLines } from './current-plan-summary';
import { SubscribeFailed } from './subscribe-failed';
import { SubscriptionOverview } from './subscription-overview';

/**
 * /coach/subscription?session=… — the embedded provider's customer portal: cancel at the end of the
 * paid period (after a confirmation), or resume before it ends. Without a session: the plan as it is.
 */
export function LocalPortal({ sessionId }: { sessionId: string }) {
  useDocumentTitle(`${BILLING_LABELS.subscriptionTitle} · Agaton`);
  const portal = useLocalPortal(sessionId);
  const change = useChangeLocalSubscription(sessionId);
  const follow = useFollowUrl();
  const [confirming, confirm] = useDisclosure(false);

  if (!sessionId) return <SubscriptionOverview />;
  if (portal.isError) return <SubscribeFailed detail={portal.error?.message} />;
  if (!portal.data) {
    return (
      <Center mih="50vh">
        <Loader />
      </Center>
    );
  }
  const { plan, returnUrl, email } = portal.data;
  const { status, cancelAtPeriodEnd, currentPeriodEnd } = plan.subscription;
  const endDate = currentPeriodEnd ? formatLongDate(currentPeriodEnd) : '';

  const run = (action: 'cancel' | 'resume') =>
    change.mutate(action, {
      onSuccess: () => {
        confirm.close();
        notifications.show({
          color: 'green',
          message:
            action === 'cancel'
              ? BILLING_LABELS.cancelledToast(endDate)
              : BILLING_LABELS.resumedToast(endDate),
        });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });

  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={560} data-testid="local-portal">
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={1} fz={24}>
              {BILLING_LABELS.subscriptionTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {email}
            </Text>
          </Stack>
          <PlanSummaryLines plan={plan} titleSize="lg" detailTestId="portal-detail" />
          <Group justify="space-between">
            <Button variant="subtle" px={0} onClick={() => follow(returnUrl)}>
              {BILLING_LABELS.back}
            </Button>
            {status === 'ACTIVE' && !cancelAtPeriodEnd ? (
              <Button color="red" variant="light" onClick={confirm.open}>
                {BILLING_LABELS.cancelSubscription}
              </Button>
            ) : null}
            {status === 'ACTIVE' && cancelAtPeriodEnd ? (
              <Button onClick={() => run('resume')} loading={change.isPending}>
                {BILLING_LABELS.resumeSubscription}
              </Button>
            ) : null}
            {status !== 'ACTIVE' ? (
              <Button component={Link} to={paths.coachPlan.href('record-meeting')}>
                {BILLING_LABELS.subscribeAgain}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <Modal
        opened={confirming}
        onClose={confirm.close}
        title={<Text fw={650}>{BILLING_LABELS.confirmCancelTitle}</Text>}
        size={layout.modalMaxWidth}
        centered
      >
        <Stack>
          <Text size="sm">{BILLING_LABELS.confirmCancelBody(endDate)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {BILLING_LABELS.keepPlan}
            </Button>
            <Button color="red" onClick={() => run('cancel')} loading={change.isPending}>
              {BILLING_LABELS.confirmCancel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Center>
  );
}
