import { messages } from '@agaton/contracts';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, api, tokenStorage } from '../../../lib/api-client';
import { emailRule, requiredText } from '../../../lib/form-rules';
import { CANDIDATE_TEXTS } from '../texts';

/** Sign-in refusals whose server text is meant for the candidate (finished or expired test). */
const TOLD_AS_IS = new Set([403, 404, 409, 410, 423, 429]);

/**
 * Candidate challenge sign-in (spec 2 section 1): the e-mail and test code the organisation sent. The
 * candidate token is stored on its own, apart from coach and admin tokens; the answer (the test, once
 * the API sends it) goes to `onSignedIn`.
 */
export function CandidateSignIn({ onSignedIn }: { onSignedIn: (answer: unknown) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: emailRule(),
      password: requiredText,
    },
  });

  async function submit(values: { username: string; password: string }) {
    setError(null);
    setBusy(true);
    try {
      const answer = await api.request<{ token: string }>('/challenge/auth', {
        method: 'POST',
        body: { username: values.username.trim().toLowerCase(), password: values.password.trim() },
      });
      onSignedIn(answer);
      tokenStorage.set('candidate', { accessToken: answer.token });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? messages.signIn.wrongCredentials
          : caught instanceof ApiError && TOLD_AS_IS.has(caught.status)
            ? caught.message
            : messages.signIn.failed,
      );
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {CANDIDATE_TEXTS.title}
        </Title>
        <Text c="dimmed">Sign in with your email and the test code you received.</Text>
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
              {error}
            </Alert>
          ) : null}
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('username')} />
          <TextInput label="Test code" autoComplete="one-time-code" {...form.getInputProps('password')} />
          <Button type="submit" fullWidth loading={busy}>
            Start
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
