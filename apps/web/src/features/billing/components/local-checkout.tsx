import { billingTexts } from '@agaton/contracts';
import {
  Alert,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useLocalCheckout, usePayLocalCheckout } from '../api/billing-api';
import { BILLING_LABELS } from '../texts';
import { formatMinutes, useFollowUrl } from '../utils/app-urls';
import { SubscribeFailed } from './subscribe-failed';

/**
 * /coach/checkout?session=… — the embedded provider's checkout: the plan, who pays, and a Pay button
 * that activates the plan at once (docs/decisions/014-billing.md).
 */
export function LocalCheckout({ sessionId }: { sessionId: string }) {
  useDocumentTitle(`${BILLING_LABELS.checkoutTitle} · Agaton`);
  const checkout = useLocalCheckout(sessionId);
  const pay = usePayLocalCheckout(sessionId);
  const follow = useFollowUrl();

  if (!sessionId || checkout.isError) return <SubscribeFailed />;
  if (!checkout.data) {
    return (
      <Center mih="50vh">
        <Loader />
      </Center>
    );
  }
  const view = checkout.data;
  if (view.status === 'expired') return <SubscribeFailed detail={billingTexts.checkoutExpired} />;
  const submit = () => pay.mutate(undefined, { onSuccess: ({ redirectUrl }) => follow(redirectUrl) });

  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={520} data-testid="local-checkout">
        <Stack gap="lg">
          <Group justify="space-between" align="center">
            <Title order={1} fz={24}>
              {BILLING_LABELS.checkoutTitle}
            </Title>
            <Badge variant="light" leftSection={<IconLock size={12} />}>
              Agaton
            </Badge>
          </Group>
          <Stack gap={4}>
            <Text fw={650} fz="lg">
              {view.planName}
            </Text>
            <Text c="dimmed" size="sm">
              {view.priceEuros} € {view.priceUnit}
            </Text>
            {view.monthlyRecordingMinutes ? (
              <Text c="dimmed" size="sm">
                {formatMinutes(view.monthlyRecordingMinutes)} recording minutes every month, renewed each
                period
              </Text>
            ) : null}
          </Stack>
          <Divider />
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Billed to
              </Text>
              <Text size="sm">{view.email}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Licences
              </Text>
              <Text size="sm">1</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={650}>Due today</Text>
              <Text fw={650}>{view.priceEuros.toFixed(2)} €</Text>
            </Group>
          </Stack>
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            {BILLING_LABELS.localProviderNote}
          </Alert>
          {pay.isError ? (
            <Text c="red" size="sm" role="alert">
              {pay.error.message || billingTexts.subscribeFailed}
            </Text>
          ) : null}
          {view.status === 'complete' ? (
            <Stack gap="xs">
              <Text size="sm">{BILLING_LABELS.alreadyPaid}</Text>
              <Button onClick={submit} loading={pay.isPending}>
                {BILLING_LABELS.continue}
              </Button>
            </Stack>
          ) : (
            <Group grow>
              <Button variant="default" onClick={() => follow(view.cancelUrl)} disabled={pay.isPending}>
                {BILLING_LABELS.cancelCheckout}
              </Button>
              <Button onClick={submit} loading={pay.isPending}>
                {BILLING_LABELS.payNow(view.priceEuros)}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
