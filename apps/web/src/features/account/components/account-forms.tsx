import {
  ACCOUNT_TEXTS,
  adminEmailChangeRequestSchema,
  adminPasswordChangeRequestSchema,
  adminUpdateRequestSchema,
  messages,
} from '@agaton/contracts';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useChangeEmail, useChangePassword, useUpdateName } from '../api/account-api';
import { ACCOUNT_LABELS as L } from '../texts';
import { fieldRule } from '../utils/field-rule';

const emailFields = adminEmailChangeRequestSchema.shape;
const passwordFields = adminPasswordChangeRequestSchema.shape;
const nameRule = fieldRule(adminUpdateRequestSchema.shape.name.unwrap());

function saved(message: string) {
  notifications.show({ color: 'teal', message });
}

/** The admin's full name (PUT /admin). */
export function NameForm({ name }: { name: string }) {
  const mutation = useUpdateName();
  const form = useForm({ initialValues: { name }, validate: { name: nameRule } });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        mutation.mutate({ name: values.name.trim() }, { onSuccess: () => saved(ACCOUNT_TEXTS.nameSaved) }),
      )}
    >
      <Stack gap="sm">
        <TextInput label={L.name} autoComplete="name" {...form.getInputProps('name')} />
        {mutation.error ? <Text c="red.7">{errorMessage(mutation.error)}</Text> : null}
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {L.saveName}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Social-only accounts have nothing to confirm a change with; they are told where it is managed. */
export function NoPasswordNotice() {
  return (
    <Alert color="gray" variant="light">
      {ACCOUNT_TEXTS.noPassword}
    </Alert>
  );
}

/** A new sign-in e-mail, confirmed with the current password (PUT /admin/email). */
export function EmailForm({ email }: { email: string }) {
  const mutation = useChangeEmail();
  const form = useForm({
    initialValues: { email, currentPassword: '' },
    validate: {
      email: fieldRule(emailFields.email),
      currentPassword: fieldRule(emailFields.currentPassword),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        mutation.mutate(values, {
          onSuccess: (admin) => {
            form.setValues({ email: admin.email, currentPassword: '' });
            saved(ACCOUNT_TEXTS.emailSaved);
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {L.emailIntro}
        </Text>
        <TextInput label={L.newEmail} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput
          label={L.currentPassword}
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        {mutation.error ? <Text c="red.7">{errorMessage(mutation.error)}</Text> : null}
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {L.saveEmail}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new password (PUT /admin/password); the other devices are signed out, this one stays in. */
export function PasswordForm() {
  const mutation = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: fieldRule(passwordFields.currentPassword),
      newPassword: fieldRule(passwordFields.newPassword),
      confirmPassword: (value, values) =>
        !value ? messages.validation.required : value === values.newPassword ? null : L.passwordsDiffer,
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ currentPassword, newPassword }) =>
        mutation.mutate(
          { currentPassword, newPassword },
          {
            onSuccess: () => {
              form.reset();
              saved(ACCOUNT_TEXTS.passwordSaved);
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {L.passwordIntro}
        </Text>
        <PasswordInput
          label={L.currentPassword}
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={L.newPassword}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={L.confirmPassword}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        {mutation.error ? <Text c="red.7">{errorMessage(mutation.error)}</Text> : null}
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {L.savePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
