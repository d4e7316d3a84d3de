import type { LicenceSummary } from '@agaton/contracts';
import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { ORG_LABELS } from '../texts';

/**
 * Active Licenses and Total Users (spec 2 §2), with 'Purchase more licenses' (contact sales) for an
 * owner. A manager's counts are those of the teams they manage, with no limit and nothing to buy.
 */
export function LicenceCards(props: { summary: LicenceSummary | undefined; onPurchase?: () => void }) {
  const { summary } = props;
  const teams = summary?.scope === 'teams';
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
          {teams ? (
            <Text size="sm" c="dimmed">
              {ORG_LABELS.inYourTeams}
            </Text>
          ) : (
            <Text
              size="sm"
              c={summary?.licensesLeft === 0 ? 'orange.8' : 'dimmed'}
              data-testid="licenses-left"
            >
              {summary
                ? summary.licensesLeft === null
                  ? ORG_LABELS.unlimited
                  : ORG_LABELS.licensesLeft(summary.licensesLeft)
                : ''}
            </Text>
          )}
          {props.onPurchase && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconShoppingCart size={14} />}
              onClick={props.onPurchase}
            >
              {ORG_LABELS.purchase}
            </Button>
          )}
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
          {teams ? ORG_LABELS.notArchivedInYourTeams : ORG_LABELS.notArchived}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
