import { type Admin, PRODUCT_NAMES, PRODUCTS, type Product } from '@agaton/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { UpgradeModal } from '../../../components/ui/upgrade-modal';
import { useStartTrial } from '../api/plans-api';
import { PLANS_LABELS, PRODUCT_OFFERS } from '../texts';
import { productHome } from '../utils/trial';
import { TrialStartedModal } from './trial-started-modal';

function OfferCard({
  admin,
  product,
  starting,
  onStart,
  onCompare,
}: {
  admin: Admin;
  product: Product;
  starting: boolean;
  onStart: () => void;
  onCompare: () => void;
}) {
  const status = admin.productAccess[product].status;
  const name = PRODUCT_NAMES[product];
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`trial-offer-${product}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={4}>{name}</Title>
          {status === 'trial-ended' ? <Badge color="orange">{PLANS_LABELS.trialEndedBadge}</Badge> : null}
          {status === 'subscription-ended' ? (
            <Badge color="orange">{PLANS_LABELS.subscriptionEndedBadge}</Badge>
          ) : null}
        </Group>
        <Text size="sm" style={{ flexGrow: 1 }}>
          {PRODUCT_OFFERS[product].description}
        </Text>
        <Text size="sm" c="dimmed">
          {PRODUCT_OFFERS[product].includes}
        </Text>
        {status === 'trial-available' ? (
          <Button onClick={onStart} loading={starting} aria-label={PLANS_LABELS.startTrialOf(name)}>
            {PLANS_LABELS.startTrial}
          </Button>
        ) : (
          <Button variant="light" onClick={onCompare}>
            {PLANS_LABELS.comparePlans}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Trial-offer screen (spec 2 §4 "Product trial"): the products on offer, each with Start free trial
 * (Activate) → the trial-started modal → the product's page. A product whose trial is over offers
 * the plans instead.
 */
export function TrialOffer({
  admin,
  products = PRODUCTS,
  onDone,
}: {
  admin: Admin;
  /** The products offered; every product by default. */
  products?: readonly Product[];
  /** Called when the started modal is left; by default the product's page opens. */
  onDone?: (product: Product) => void;
}) {
  const start = useStartTrial();
  const navigate = useNavigate();
  const [started, setStarted] = useState<{ product: Product; admin: Admin } | null>(null);
  const [comparing, setComparing] = useState(false);
  const single = products.length === 1 ? PRODUCT_NAMES[products[0]] : null;

  async function activate(product: Product) {
    try {
      setStarted({ product, admin: await start.mutateAsync(product) });
    } catch {
      notifications.show({ color: 'red', message: PLANS_LABELS.startFailed });
    }
  }

  return (
    <>
      <PageHeader
        title={single ? PLANS_LABELS.productOfferTitle(single) : PLANS_LABELS.offerTitle}
        description={PLANS_LABELS.offerIntro}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: products.length > 2 ? 4 : products.length }} spacing="lg">
        {products.map((product) => (
          <OfferCard
            key={product}
            admin={admin}
            product={product}
            starting={start.isPending && start.variables === product}
            onStart={() => activate(product)}
            onCompare={() => setComparing(true)}
          />
        ))}
      </SimpleGrid>
      <TrialStartedModal
        admin={started?.admin ?? admin}
        product={started?.product ?? null}
        onOpen={() => {
          if (!started) return;
          setStarted(null);
          if (onDone) onDone(started.product);
          else navigate(productHome(started.product));
        }}
      />
      <UpgradeModal
        opened={comparing}
        onClose={() => setComparing(false)}
        contact={{ email: admin.email, name: admin.name }}
      />
    </>
  );
}
