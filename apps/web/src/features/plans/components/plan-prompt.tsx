import { type Admin, PLAN_TEXTS, PRODUCT_NAMES, type Product } from '@agaton/contracts';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconClockHour4, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { UpgradeModal } from '../../../components/ui/upgrade-modal';
import { PLANS_LABELS } from '../texts';
import { trialEndsText } from '../utils/trial';

/**
 * The plan line above a product page (spec 2 §8): 'Free trial ends {relative time}.' during a trial,
 * otherwise the plan prompt for what the product counts (tests or users), with Compare plans and
 * Contact us.
 */
export function PlanPrompt({
  admin,
  product,
  counts,
  now,
}: {
  admin: Admin;
  product: Product;
  /** What the product runs out of: tests for the English Test, users for the others. */
  counts: 'tests' | 'users';
  /** Clock for the relative time (tests). */
  now?: Date;
}) {
  const [open, setOpen] = useState<'plans' | 'contact' | null>(null);
  const trial = trialEndsText(admin.productAccess[product], now);
  const text = trial ?? (counts === 'tests' ? PLAN_TEXTS.needMoreTests : PLAN_TEXTS.needMoreUsers);
  const contact = { email: admin.email, name: admin.name };
  const Icon = trial ? IconClockHour4 : IconSparkles;
  return (
    <Paper withBorder radius="md" px="md" py="xs" mb="lg" data-testid="plan-prompt">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Icon size={18} stroke={1.5} />
          <Text size="sm">{text}</Text>
        </Group>
        <Group gap="md">
          <Anchor component="button" type="button" size="sm" onClick={() => setOpen('plans')}>
            {PLANS_LABELS.comparePlans}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => setOpen('contact')}>
            {PLANS_LABELS.contactUs}
          </Anchor>
        </Group>
      </Group>
      <UpgradeModal opened={open === 'plans'} onClose={() => setOpen(null)} contact={contact} />
      <ContactSalesModal
        opened={open === 'contact'}
        onClose={() => setOpen(null)}
        email={contact.email}
        name={contact.name}
        planName={PRODUCT_NAMES[product]}
      />
    </Paper>
  );
}
