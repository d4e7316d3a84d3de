import { billingTexts } from '@agaton/contracts';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { refreshPlanQueries, useRefreshSubscription } from '../api/billing-api';

/**
 * The upgrade success page (spec 1 §2; path /coach/upgrade-success, our choice): says the account
 * was upgraded; 'Open the app' refreshes the subscription from the provider, then opens the app.
 */
export function UpgradeSuccess() {
  useDocumentTitle(`${billingTexts.upgradedTitle} · Agaton`);
  const queryClient = useQueryClient();
  const refresh = useRefreshSubscription();
  const navigate = useNavigate();
  useEffect(() => {
    void refreshPlanQueries(queryClient);
  }, [queryClient]);

  const open = () =>
    refresh.mutate(undefined, { onSettled: () => navigate(paths.coachAssistant.href(), { replace: true }) });

  return (
    <Center py="xl" mih="60vh">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={520} ta="center" data-testid="upgrade-success">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="green">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {billingTexts.upgradedTitle}
          </Title>
          <Text c="dimmed">{billingTexts.upgradedBody}</Text>
          <Button onClick={open} loading={refresh.isPending} mt="xs">
            {billingTexts.openApp}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
