import { type Admin, PRODUCT_NAMES, type Product } from '@agaton/contracts';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { PLANS_LABELS, PRODUCT_OFFERS } from '../texts';
import { trialEndDate, trialEndsText } from '../utils/trial';

/** Trial-started modal (spec 2 §2, §4): when the trial ends, what it includes, and the way in. */
export function TrialStartedModal({
  admin,
  product,
  onOpen,
}: {
  /** The admin as the start answered it (with the trial's end). */
  admin: Admin;
  /** The product whose trial started; null = closed. */
  product: Product | null;
  /** Opens the product (and closes the modal). */
  onOpen: () => void;
}) {
  const entry = product ? admin.productAccess[product] : null;
  const name = product ? PRODUCT_NAMES[product] : '';
  return (
    <Modal
      opened={product !== null}
      onClose={onOpen}
      title={<Text fw={650}>{PLANS_LABELS.startedTitle}</Text>}
      centered
    >
      {product && entry ? (
        <Stack align="center" ta="center" gap="md" py="sm">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconConfetti size={28} stroke={1.5} />
          </ThemeIcon>
          <Text>{PLANS_LABELS.startedBody(name, trialEndDate(entry))}</Text>
          <Text size="sm" c="dimmed">
            {PRODUCT_OFFERS[product].includes}. {trialEndsText(entry)}
          </Text>
          <Group justify="center">
            <Button onClick={onOpen}>{PLANS_LABELS.open(name)}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
