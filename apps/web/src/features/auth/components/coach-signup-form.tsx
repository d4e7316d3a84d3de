import { messages, PASSWORD_PATTERN, REALMS } from '@agaton/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SIGNUP_REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { emailRule } from '../../../lib/form-rules';
import { coachSignUp } from '../api/auth-api';
import { carryParams } from '../utils/redirects';
import { FormError } from './form-error';
import { PasswordField } from './password-field';
import { SocialButtons } from './social-buttons';

type Status = 'idle' | 'loading' | 'success';

function signUpError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return messages.signUp.usernameAlreadyTaken;
  if (error instanceof ApiError && (error.status === 429 || error.status === 400)) return error.message;
  return messages.signUp.failedCoach;
}

/**
 * 'Get started' card of /coach/signup: idle → loading → success ('Account successfully created'), then
 * after 2 s /coach/onboarding with any redirect param. A second submit while busy is ignored.
 */
export function CoachSignupForm() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  // A ref, not state: two clicks in the same frame both see the old state.
  const inFlight = useRef(false);

  const form = useForm({
    // A training invitation link passes the invited e-mail along (decision 018).
    initialValues: { email: search.get('email') ?? '', password: '' },
    validate: {
      email: emailRule(true),
      password: (value) =>
        !value
          ? messages.validation.required
          : PASSWORD_PATTERN.test(value)
            ? null
            : messages.validation.passwordRule,
    },
  });

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(
      () => navigate(`${paths.coachOnboarding.href()}${carryParams(search)}`, { replace: true }),
      SIGNUP_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [status, navigate, search]);

  async function submit(values: { email: string; password: string }) {
    if (inFlight.current || status !== 'idle') return;
    inFlight.current = true;
    setError(null);
    setStatus('loading');
    try {
      await coachSignUp(values.email.trim().toLowerCase(), values.password);
      setStatus('success');
    } catch (caught) {
      setError(signUpError(caught));
      setStatus('idle');
      inFlight.current = false;
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          Get started
        </Title>
        <Text c="dimmed">Create your account to start coaching.</Text>
      </Stack>
      {status === 'success' ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {messages.signUp.success}
        </Alert>
      ) : null}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            disabled={status === 'success'}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 6 characters with a number, a lowercase and an uppercase letter."
            disabled={status === 'success'}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={status === 'loading'} disabled={status === 'success'}>
            Sign up
          </Button>
        </Stack>
      </form>
      <SocialButtons
        realm={REALMS.coach}
        authType="sign-up"
        redirect={search.get('redirect') ?? undefined}
        onError={setError}
      />
      <Text ta="center" size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to={`${paths.coachAuth.href()}${carryParams(search)}`} fw={600}>
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
