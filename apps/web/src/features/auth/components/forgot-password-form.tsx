import { EMAIL_PATTERN, messages } from '@agaton/contracts';
import { Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { adminRequestPasswordReset, coachRequestPasswordReset } from '../api/auth-api';
import { FormError } from './form-error';
import type { Audience } from './login-form';

type Status = 'initial' | 'loading' | 'email-sent';

/** Forgot password (coach and admin): initial → loading → email-sent; a failure returns to initial. */
export function ForgotPasswordForm({ audience }: { audience: Audience }) {
  const [status, setStatus] = useState<Status>('initial');
  const [error, setError] = useState<string | null>(null);
  const signInHref = audience === 'coach' ? paths.coachAuth.href() : paths.auth.href();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) =>
        !value.trim()
          ? messages.validation.required
          : EMAIL_PATTERN.test(value.trim())
            ? null
            : audience === 'admin'
              ? messages.validation.invalidEmail
              : true,
    },
  });

  async function submit({ email }: { email: string }) {
    setError(null);
    setStatus('loading');
    try {
      const address = email.trim().toLowerCase();
      await (audience === 'coach' ? coachRequestPasswordReset(address) : adminRequestPasswordReset(address));
      setStatus('email-sent');
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 429 ? caught.message : messages.password.failed,
      );
      setStatus('initial');
    }
  }

  const back = (
    <Button
      component={Link}
      to={signInHref}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      px={0}
    >
      Back to log in
    </Button>
  );

  if (status === 'email-sent') {
    return (
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconMailCheck size={26} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {messages.password.resetSentTitle}
        </Title>
        <Text c="dimmed">{messages.password.resetSentBody}</Text>
        {back}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4} align="flex-start">
        {back}
        <Title order={1} fz={28}>
          Forgot password?
        </Title>
        <Text c="dimmed">Enter your email and we will send you a link to reset your password.</Text>
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={status === 'loading'}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
