import { messages } from '@agaton/contracts';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { emailRule } from '../../../lib/form-rules';
import { adminRequestPasswordReset, coachRequestPasswordReset } from '../api/auth-api';
import { AuthResult, BackToLogIn } from './auth-result';
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
      // The coach form marks a malformed address without a message (spec 1 section 5).
      email: emailRule(audience === 'admin' ? messages.validation.invalidEmail : true),
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

  const back = <BackToLogIn href={signInHref} />;

  if (status === 'email-sent') {
    return (
      <AuthResult
        icon={<IconMailCheck size={26} />}
        title={messages.password.resetSentTitle}
        body={messages.password.resetSentBody}
      >
        {back}
      </AuthResult>
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
