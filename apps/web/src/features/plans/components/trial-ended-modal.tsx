import { type Admin, billingTexts, PRODUCT_NAMES, type Product } from '@agaton/contracts';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { UpgradeModal } from '../../../components/ui/upgrade-modal';
import { PLANS_LABELS } from '../texts';
import { markTrialEndedShown, shouldShowTrialEnded } from '../utils/trial';

/**
 * Trial-ended modal (spec 2 §4): shown once per product — remembered in local storage as soon as it
 * shows, so a reload does not bring it back — with Compare plans (the upgrade modal) or Contact us.
 */
export function TrialEndedModal({ admin, product }: { admin: Admin; product: Product }) {
  // Decided once per mount: the flag is written when the modal shows.
  const [opened, setOpened] = useState(() => shouldShowTrialEnded(admin, product));
  const [next, setNext] = useState<'plans' | 'contact' | null>(null);
  const name = PRODUCT_NAMES[product];
  const contact = { email: admin.email, name: admin.name };

  useEffect(() => {
    if (opened) markTrialEndedShown(admin, product);
  }, [opened, admin, product]);

  const done = () => {
    setNext(null);
    setOpened(false);
  };
  return (
    <>
      <Modal
        opened={opened && next === null}
        onClose={() => setOpened(false)}
        title={<Text fw={650}>{billingTexts.trialEnded}</Text>}
        centered
      >
        <Stack align="center" ta="center" gap="md" py="sm">
          <ThemeIcon size={52} radius="xl" variant="light" color="orange">
            <IconHourglassEmpty size={28} stroke={1.5} />
          </ThemeIcon>
          <Text>{PLANS_LABELS.endedBody(name)}</Text>
          <Group justify="center">
            <Button variant="default" onClick={() => setOpened(false)}>
              {PLANS_LABELS.notNow}
            </Button>
            <Button variant="light" onClick={() => setNext('contact')}>
              {PLANS_LABELS.contactUs}
            </Button>
            <Button onClick={() => setNext('plans')}>{PLANS_LABELS.comparePlans}</Button>
          </Group>
        </Stack>
      </Modal>
      <UpgradeModal opened={opened && next === 'plans'} onClose={done} contact={contact} />
      <ContactSalesModal
        opened={opened && next === 'contact'}
        onClose={done}
        email={contact.email}
        name={contact.name}
        planName={name}
      />
    </>
  );
}
