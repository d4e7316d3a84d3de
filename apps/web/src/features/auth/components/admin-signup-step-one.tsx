import { messages, PASSWORD_PATTERN, REALMS } from '@agaton/contracts';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { emailRule } from '../../../lib/form-rules';
import { adminExists } from '../api/auth-api';
import { FormError } from './form-error';
import { PasswordField } from './password-field';
import { SocialButtons } from './social-buttons';

export type Credentials = { email: string; password: string };

/** 'Step 1 of 2': e-mail and password, then the e-mail check (a 404 from the server means it is free). */
export function AdminSignupStepOne({
  initial,
  onDone,
}: {
  initial: Credentials;
  onDone: (credentials: Credentials) => void;
}) {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: initial,
    validate: {
      email: emailRule(),
      password: (value) =>
        !value
          ? messages.validation.required
          : PASSWORD_PATTERN.test(value)
            ? null
            : messages.validation.passwordRule,
    },
  });

  async function submit(values: Credentials) {
    setError(null);
    setChecking(true);
    const email = values.email.trim().toLowerCase();
    try {
      if (await adminExists(email)) {
        setError(messages.signUp.accountExists);
        return;
      }
      onDone({ email, password: values.password });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status !== 500
          ? caught.message
          : messages.signUp.emailCheckFailed,
      );
    } finally {
      setChecking(false);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="brand.6">
          Step 1 of 2
        </Text>
        <Title order={1} fz={28}>
          Sign up
        </Title>
        <Text c="dimmed">Create your team's workspace in two short steps.</Text>
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Work email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 6 characters with a number, a lowercase and an uppercase letter."
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={checking}>
            Continue
          </Button>
        </Stack>
      </form>
      <SocialButtons realm={REALMS.admin} authType="sign-up" onError={setError} />
      <Text ta="center" size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.auth.href()} fw={600}>
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
