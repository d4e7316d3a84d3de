import { billingTexts, contactSalesRequestSchema, EMAIL_PATTERN, messages } from '@agaton/contracts';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { layout } from '../../../config/constants';
import { useContactSales } from '../api/billing-api';
import { BILLING_LABELS } from '../texts';

export interface ContactSalesModalProps {
  opened: boolean;
  onClose: () => void;
  /** Prefilled from the signed-in coach. */
  email: string;
  name: string;
  /** The plan the coach asked about, for a first line of the message. */
  planName?: string;
}

const required = (value: string) => (value.trim() ? null : messages.validation.required);

/** Contact-sales form (spec 1 §7): email, name, message; the spec's toasts on success and failure. */
export function ContactSalesModal({ opened, onClose, email, name, planName }: ContactSalesModalProps) {
  const send = useContactSales();
  const form = useForm({
    initialValues: { email, name, message: '' },
    validate: {
      email: (value) =>
        required(value) ?? (EMAIL_PATTERN.test(value.trim()) ? null : messages.validation.invalidEmail),
      name: required,
      message: required,
    },
  });
  const { setValues, reset } = form;
  useEffect(() => {
    if (!opened) return;
    reset();
    setValues({ email, name, message: planName ? `I would like to know more about ${planName}.\n` : '' });
  }, [opened, email, name, planName, reset, setValues]);

  async function submit(values: typeof form.values) {
    try {
      await send.mutateAsync(contactSalesRequestSchema.parse(values));
      notifications.show({ color: 'green', message: billingTexts.contactSuccess });
      onClose();
    } catch {
      notifications.show({ color: 'red', message: billingTexts.contactFailure });
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{BILLING_LABELS.contactTitle}</Text>}
      size={layout.modalMaxWidth}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {BILLING_LABELS.contactIntro}
          </Text>
          <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Textarea label="Message" rows={5} {...form.getInputProps('message')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              {BILLING_LABELS.contactSend}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
