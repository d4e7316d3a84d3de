import { RECRUITMENT_TEXTS } from '@agaton/contracts';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { RT_LABELS } from '../texts';

/**
 * Plan-limit-reached modal for tests (spec 2 §2, §4, §8): 'You have reached your tests limit', the
 * plan prompt, Contact us (the contact-sales form) and Close.
 */
export function LimitModal({
  opened,
  onClose,
  contact,
}: {
  opened: boolean;
  onClose: () => void;
  /** Prefills the contact form. */
  contact: { email: string; name: string };
}) {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <>
      <Modal
        opened={opened && !contactOpen}
        onClose={onClose}
        title={<Text fw={650}>{RECRUITMENT_TEXTS.limitTests}</Text>}
        centered
        data-testid="limit-modal"
      >
        <Stack align="center" ta="center" gap="md" py="sm">
          <ThemeIcon size={52} radius="xl" variant="light" color="orange">
            <IconAlertTriangle size={28} stroke={1.5} />
          </ThemeIcon>
          <Text>{RECRUITMENT_TEXTS.needMoreTests}</Text>
          <Group justify="center" mt="xs">
            <Button variant="default" onClick={onClose}>
              {RT_LABELS.close}
            </Button>
            <Button onClick={() => setContactOpen(true)}>{RT_LABELS.limitContact}</Button>
          </Group>
        </Stack>
      </Modal>
      <ContactSalesModal
        opened={opened && contactOpen}
        onClose={() => {
          setContactOpen(false);
          onClose();
        }}
        email={contact.email}
        name={contact.name}
        planName="English Test"
      />
    </>
  );
}
