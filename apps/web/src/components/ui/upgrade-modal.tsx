import { billingTexts, PLANS, type PlanOffer } from '@agaton/contracts';
import { Button, Card, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { layout } from '../../config/constants';
import { ContactSalesModal } from './contact-sales-modal';
import { UPGRADE_LABELS } from './upgrade-texts';

/** One plan card: name, price (or on request), what it includes, Contact us. */
function PlanCard({ plan, onContact }: { plan: PlanOffer; onContact: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`plan-card-${plan.id}`}>
      <Stack gap="xs" h="100%">
        <Title order={4}>{plan.name}</Title>
        {plan.priceEuros === null ? (
          <Text fw={700} size="xl">
            {UPGRADE_LABELS.priceOnRequest}
          </Text>
        ) : (
          <Text>
            <Text span fw={700} size="xl">
              {UPGRADE_LABELS.price(plan.priceEuros)}
            </Text>{' '}
            <Text span c="dimmed" size="sm">
              {plan.priceUnit}
            </Text>
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {plan.summary}
        </Text>
        <List size="sm" spacing={4} style={{ flexGrow: 1 }}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button mt="sm" onClick={onContact} aria-label={`${billingTexts.contactUs}: ${plan.name}`}>
          {billingTexts.contactUs}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Upgrade modal (spec 1 §1, spec 2 §1, §6): the three plan cards, each with Contact us opening the
 * contact-sales form — organisations upgrade through sales only.
 */
export function UpgradeModal({
  opened,
  onClose,
  contact,
}: {
  opened: boolean;
  onClose: () => void;
  /** Prefills the contact form. */
  contact: { email: string; name: string };
}) {
  const [asked, setAsked] = useState<PlanOffer | null>(null);
  return (
    <>
      <Modal
        opened={opened && !asked}
        onClose={onClose}
        title={<Text fw={650}>{UPGRADE_LABELS.title}</Text>}
        size={layout.headerContentMaxWidth - 200}
        centered
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {UPGRADE_LABELS.intro}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} onContact={() => setAsked(plan)} />
            ))}
          </SimpleGrid>
        </Stack>
      </Modal>
      <ContactSalesModal
        opened={opened && asked !== null}
        onClose={() => {
          setAsked(null);
          onClose();
        }}
        email={contact.email}
        name={contact.name}
        planName={asked?.name}
      />
    </>
  );
}
