import {
  billingTexts,
  type ContactSalesRequest,
  contactSalesRequestSchema,
  type TokenKind,
} from '@agaton/contracts';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { layout } from '../../config/constants';
import { api } from '../../lib/api-client';
import { emailRule, requiredText } from '../../lib/form-rules';

/** Labels of the contact form that the spec does not fix (its toasts are in billingTexts). */
export const CONTACT_SALES_LABELS = {
  title: 'Contact sales',
  intro: 'Tell us about your team and we will get back to you within one working day.',
  send: 'Send',
} as const;

/** POST /contact-sales; open to anyone, a coach token links the request to the account. */
export function useContactSales(auth?: TokenKind) {
  return useMutation({
    mutationFn: (body: ContactSalesRequest) => api.request('/contact-sales', { auth, body }),
  });
}

export interface ContactSalesModalProps {
  opened: boolean;
  onClose: () => void;
  /** Prefilled from the signed-in coach or admin. */
  email: string;
  name: string;
  /** The plan asked about, for a first line of the message. */
  planName?: string;
  /** Token sent with the request: 'user' for coaches; admins send none (the call is open). */
  auth?: TokenKind;
}

/** Contact-sales form (spec 1 §7, spec 2 §7): email, name, message; the spec's toasts on success and failure. */
export function ContactSalesModal({ opened, onClose, email, name, planName, auth }: ContactSalesModalProps) {
  const send = useContactSales(auth);
  const form = useForm({
    initialValues: { email, name, message: '' },
    validate: {
      email: emailRule(),
      name: requiredText,
      message: requiredText,
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
      title={<Text fw={650}>{CONTACT_SALES_LABELS.title}</Text>}
      size={layout.modalMaxWidth}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {CONTACT_SALES_LABELS.intro}
          </Text>
          <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Textarea label="Message" rows={5} {...form.getInputProps('message')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              {CONTACT_SALES_LABELS.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
