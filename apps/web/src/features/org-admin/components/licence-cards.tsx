import type { LicenceSummary } from '@agaton/contracts';
import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { ORG_LABELS } from '../texts';

/** Active Licenses and Total Users (spec 2 §2), with 'Purchase more licenses' (contact sales). */
export function LicenceCards(props: { summary: LicenceSummary | undefined; onPurchase: () => void }) {
  const { summary } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder radius="lg" padding="lg" data-testid="card-active-licenses">
        <Text c="dimmed" size="sm" fw={500}>
          {ORG_LABELS.activeLicenses}
        </Text>
        <Group align="baseline" gap="xs">
          <Text fz={32} fw={700} data-testid="count">
            {summary?.activeLicenses ?? '–'}
          </Text>
          {summary?.maxLicenses != null && (
            <Text c="dimmed">{ORG_LABELS.licensesOf(summary.maxLicenses)}</Text>
          )}
        </Group>
        <Group justify="space-between" mt="xs">
          <Text size="sm" c={summary?.licensesLeft === 0 ? 'orange.8' : 'dimmed'} data-testid="licenses-left">
            {summary
              ? summary.licensesLeft === null
                ? ORG_LABELS.unlimited
                : ORG_LABELS.licensesLeft(summary.licensesLeft)
              : ''}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconShoppingCart size={14} />}
            onClick={props.onPurchase}
          >
            {ORG_LABELS.purchase}
          </Button>
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg" data-testid="card-total-users">
        <Text c="dimmed" size="sm" fw={500}>
          {ORG_LABELS.totalUsers}
        </Text>
        <Text fz={32} fw={700} data-testid="count">
          {summary?.totalUsers ?? '–'}
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          {ORG_LABELS.notArchived}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
