import { messages, REALMS, type Realm } from '@agaton/contracts';
import { Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { emailRule } from '../../../lib/form-rules';
import { resendVerificationEmail, verifyEmail } from '../api/auth-api';
import { AuthResult, BothLogIns } from './auth-result';
import { FormError } from './form-error';

type State =
  | { kind: 'loading' }
  | { kind: 'verified'; realm: Realm }
  | { kind: 'invalid' }
  | { kind: 'resent' };

/** The realm's app: signed in it opens, signed out its guard sends the person to that realm's log in. */
const continueHref = (realm: Realm) => (realm === REALMS.admin ? paths.dashboard.href() : paths.coach.href());

/**
 * /verify-email/:token: verifies the account's e-mail once (the link is single use). A used, expired or
 * unknown link says so and offers a new link for an e-mail address.
 */
export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice; the token is single use.
    if (started.current) return;
    started.current = true;
    if (!token) {
      setState({ kind: 'invalid' });
      return;
    }
    verifyEmail(token)
      .then(({ realm }) => setState({ kind: 'verified', realm }))
      .catch(() => setState({ kind: 'invalid' }));
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <Stack align="center" gap="md" py="xl">
        <Loader />
        <Text>Verifying your email…</Text>
      </Stack>
    );
  }
  if (state.kind === 'verified') {
    return (
      <AuthResult
        icon={<IconCircleCheck size={26} />}
        color="green"
        title={messages.emailVerification.verifiedTitle}
        body={messages.emailVerification.verifiedBody}
      >
        <Button component={Link} to={continueHref(state.realm)} replace>
          Continue
        </Button>
      </AuthResult>
    );
  }
  if (state.kind === 'resent') {
    return (
      <AuthResult title="Check your email" body={messages.emailVerification.resentBody}>
        <BothLogIns />
      </AuthResult>
    );
  }
  return <ResendForm onSent={() => setState({ kind: 'resent' })} />;
}

function ResendForm({ onSent }: { onSent: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: emailRule(),
    },
  });

  async function submit({ email }: { email: string }) {
    setError(null);
    setSending(true);
    try {
      const address = email.trim().toLowerCase();
      // The page does not know which account the dead link was for; the server mails only an
      // unverified account, and answers the same either way.
      await resendVerificationEmail(address, REALMS.coach);
      await resendVerificationEmail(address, REALMS.admin);
      onSent();
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 429 ? caught.message : messages.general.fallback,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Verify email
      </Title>
      <Text role="alert">{messages.emailVerification.linkInvalid}</Text>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <FormError message={error} />
          <Button type="submit" loading={sending}>
            {messages.emailVerification.resend}
          </Button>
        </Stack>
      </form>
      <BothLogIns />
    </Stack>
  );
}
