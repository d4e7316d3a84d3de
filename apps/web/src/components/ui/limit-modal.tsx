import { type LimitKind, PLAN_TEXTS } from '@agaton/contracts';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ContactSalesModal } from './contact-sales-modal';
import { UpgradeModal } from './upgrade-modal';

/** Labels of the limit modal that the spec does not fix. */
export const LIMIT_LABELS = {
  close: 'Close',
  contactUs: 'Contact us',
  comparePlans: 'Compare plans',
} as const;

/** The spec's title and plan prompt for each limit (spec 2 §8). */
export const LIMIT_TEXTS: Record<LimitKind, { title: string; prompt: string }> = {
  users: { title: PLAN_TEXTS.limitUsers, prompt: PLAN_TEXTS.needMoreUsers },
  tests: { title: PLAN_TEXTS.limitTests, prompt: PLAN_TEXTS.needMoreTests },
  licenses: { title: PLAN_TEXTS.limitLicenses, prompt: PLAN_TEXTS.needMoreUsers },
};

export interface LimitModalProps {
  opened: boolean;
  onClose: () => void;
  /** Which limit was reached: users, tests or licenses. */
  kind: LimitKind;
  /** Prefills the contact form. */
  contact: { email: string; name: string };
  /** The plan named in the contact form's first line (e.g. 'English Test'). */
  planName?: string;
}

/**
 * Plan-limit-reached modal (spec 2 §2, §4, §8): 'You have reached your {users|tests|licenses} limit',
 * the plan prompt, Close, Compare plans (the upgrade modal) and Contact us (the contact-sales form).
 */
export function LimitModal({ opened, onClose, kind, contact, planName }: LimitModalProps) {
  const [next, setNext] = useState<'contact' | 'plans' | null>(null);
  const text = LIMIT_TEXTS[kind];
  const done = () => {
    setNext(null);
    onClose();
  };
  return (
    <>
      <Modal
        opened={opened && next === null}
        onClose={onClose}
        title={<Text fw={650}>{text.title}</Text>}
        centered
        data-testid="limit-modal"
      >
        <Stack align="center" ta="center" gap="md" py="sm">
          <ThemeIcon size={52} radius="xl" variant="light" color="orange">
            <IconAlertTriangle size={28} stroke={1.5} />
          </ThemeIcon>
          <Text>{text.prompt}</Text>
          <Group justify="center" mt="xs">
            <Button variant="default" onClick={onClose}>
              {LIMIT_LABELS.close}
            </Button>
            <Button variant="light" onClick={() => setNext('plans')}>
              {LIMIT_LABELS.comparePlans}
            </Button>
            <Button onClick={() => setNext('contact')}>{LIMIT_LABELS.contactUs}</Button>
          </Group>
        </Stack>
      </Modal>
      <ContactSalesModal
        opened={opened && next === 'contact'}
        onClose={done}
        email={contact.email}
        name={contact.name}
        planName={planName}
      />
      <UpgradeModal opened={opened && next === 'plans'} onClose={done} contact={contact} />
    </>
  );
}
