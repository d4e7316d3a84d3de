import { messages, REALMS } from '@agaton/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { emailRule } from '../../../lib/form-rules';
import { adminExists, adminSignIn, coachPasswordSignIn, getAuthFlow, getDesktopCode } from '../api/auth-api';
import { carryParams, coachDestination, desktopRedirectPage, safeReturnPath } from '../utils/redirects';
import { FormError } from './form-error';
import { PasswordField } from './password-field';
import { SocialButtons } from './social-buttons';

export type Audience = 'coach' | 'admin';

/** Text for a failed first stage or coach password stage (spec 1 section 8 "Sign-in"). */
function signInError(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return messages.signIn.wrongCredentials;
  if (error instanceof ApiError && error.status === 429) return error.message;
  return messages.signIn.failed;
}

/** Admin password 401: tell a wrong password from an unknown e-mail. */
async function adminSignInError(error: unknown, email: string): Promise<string> {
  if (!(error instanceof ApiError) || error.status !== 401) return signInError(error);
  try {
    return (await adminExists(email)) ? messages.signIn.wrongPassword : messages.signIn.wrongEmail;
  } catch {
    return messages.signIn.checkEmailFailed;
  }
}

/**
 * Two-stage sign-in shared by coaches (/coach/auth) and admins (/auth): the e-mail goes first; the
 * server answers with a password prompt (revealed and focused) or an external sign-in URL.
 */
export function LoginForm({ audience }: { audience: Audience }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const realm = audience === 'coach' ? REALMS.coach : REALMS.admin;
  const [stage, setStage] = useState<'email' | 'password'>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const form = useForm({
    // A training invitation link passes the invited e-mail along (decision 018).
    initialValues: { email: search.get('email') ?? '', password: '' },
    validate: {
      // The coach form marks a malformed address without a message (spec 1 section 5).
      email: emailRule(audience === 'admin' ? messages.validation.invalidEmail : true),
      password: (value) => (stage === 'password' && !value ? messages.validation.required : null),
    },
  });

  useEffect(() => {
    if (stage === 'password') passwordRef.current?.focus();
  }, [stage]);

  async function afterSignIn() {
    if (audience === 'admin') {
      navigate(safeReturnPath(search.get('return')) ?? paths.dashboard.href(), { replace: true });
      return;
    }
    const destination = coachDestination(search);
    if (destination.kind === 'desktop-app') {
      navigate(desktopRedirectPage(await getDesktopCode(), false), { replace: true });
    } else {
      navigate(destination.to, { replace: true });
    }
  }

  async function submit(values: { email: string; password: string }) {
    setError(null);
    setBusy(true);
    const email = values.email.trim().toLowerCase();
    try {
      if (stage === 'email') {
        const flow = await getAuthFlow({
          email,
          authType: 'sign-in',
          realm,
          redirectParam: search.get('redirect') ?? undefined,
        });
        if (flow.redirectUrl && !flow.askForPassword) {
          window.location.assign(flow.redirectUrl);
          return;
        }
        setStage('password');
      } else if (audience === 'coach') {
        await coachPasswordSignIn(email, values.password);
        await afterSignIn();
      } else {
        await adminSignIn({ username: email, password: values.password });
        await afterSignIn();
      }
    } catch (caught) {
      setError(
        audience === 'admin' && stage === 'password'
          ? await adminSignInError(caught, email)
          : signInError(caught),
      );
    } finally {
      setBusy(false);
    }
  }

  const forgotHref = audience === 'coach' ? paths.coachForgotPassword.href() : paths.forgotPassword.href();
  const signUpHref =
    audience === 'coach' ? `${paths.coachSignup.href()}${carryParams(search)}` : paths.signup.href();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          Log in
        </Title>
        <Text c="dimmed">
          {audience === 'coach' ? 'Welcome back to your coach.' : 'Welcome back to your workspace.'}
        </Text>
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            readOnly={stage === 'password'}
            rightSectionWidth={stage === 'password' ? 70 : undefined}
            rightSection={
              stage === 'password' ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setStage('email');
                    setError(null);
                    form.setFieldValue('password', '');
                  }}
                >
                  Change
                </Anchor>
              ) : null
            }
            {...form.getInputProps('email')}
          />
          {stage === 'password' ? (
            <PasswordField ref={passwordRef} label="Password" {...form.getInputProps('password')} />
          ) : null}
          <Group justify="flex-end">
            <Anchor component={Link} to={forgotHref} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={busy}>
            {stage === 'email' ? 'Continue' : 'Log in'}
          </Button>
        </Stack>
      </form>
      <SocialButtons
        realm={realm}
        authType="sign-in"
        redirect={search.get('redirect') ?? undefined}
        onError={setError}
      />
      <Text ta="center" size="sm">
        Don't have an account?{' '}
        <Anchor component={Link} to={signUpHref} fw={600}>
          Sign up
        </Anchor>
      </Text>
    </Stack>
  );
}
