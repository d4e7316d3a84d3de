import { billingTexts, type PlanOffer } from '@agaton/contracts';
import { Badge, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { BILLING_LABELS } from '../texts';

export interface PlanCardProps {
  plan: PlanOffer;
  /** The coach pays for this plan now. */
  current: boolean;
  onContactSales: (plan: PlanOffer) => void;
}

/** One plan of the pricing page (spec 1 §1): price, what it includes, and Upgrade or Contact us. */
export function PlanCard({ plan, current, onContactSales }: PlanCardProps) {
  const highlighted = plan.action === 'checkout';
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      data-testid={`plan-${plan.id}`}
      style={highlighted ? { borderColor: 'var(--mantine-color-brand-4)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Stack gap={8} align="flex-start">
          {current ? (
            <Badge color="green" variant="light">
              {BILLING_LABELS.currentPlan}
            </Badge>
          ) : (
            <Badge color={highlighted ? 'brand' : 'gray'} variant="light">
              {highlighted ? BILLING_LABELS.mostPopular : BILLING_LABELS.forTeams}
            </Badge>
          )}
          <Title order={2} fz="xl">
            {plan.name}
          </Title>
        </Stack>
        <div>
          {plan.priceEuros === null ? (
            <Group gap={6} align="baseline">
              <Text fz={36} fw={700} lh={1.1}>
                {BILLING_LABELS.priceOnRequest}
              </Text>
              <Text c="dimmed" size="sm">
                {BILLING_LABELS.priceOnRequestUnit}
              </Text>
            </Group>
          ) : (
            <Group gap={6} align="baseline">
              <Text fz={36} fw={700} lh={1.1}>
                {plan.priceEuros} €
              </Text>
              <Text c="dimmed" size="sm">
                {plan.priceUnit}
              </Text>
            </Group>
          )}
          <Text c="dimmed" size="sm" mt="xs">
            {plan.summary}
          </Text>
        </div>
        <List
          spacing="xs"
          size="sm"
          style={{ flexGrow: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color={highlighted ? 'brand' : 'gray'}>
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {plan.action === 'checkout' ? (
          <Button
            component={Link}
            to={paths.coachPlan.href(plan.id)}
            fullWidth
            variant={current ? 'light' : 'filled'}
          >
            {current ? BILLING_LABELS.managePlan : billingTexts.upgrade}
          </Button>
        ) : (
          <Button variant="light" fullWidth onClick={() => onContactSales(plan)}>
            {billingTexts.contactUs}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
