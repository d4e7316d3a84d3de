import { messages, PASSWORD_PATTERN } from '@agaton/contracts';
import { Badge, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { adminResetPassword, coachUpdatePassword } from '../api/auth-api';
import { checkPasswordStrength, type StrengthLevel } from '../utils/password-strength';
import { AuthResult } from './auth-result';
import { FormError } from './form-error';
import type { Audience } from './login-form';
import { PasswordField } from './password-field';

type Status = 'initial' | 'loading' | 'has-reset';

const strengthDisplay: Record<StrengthLevel, { color: string; value: number }> = {
  weak: { color: 'red', value: 33 },
  medium: { color: 'yellow', value: 66 },
  strong: { color: 'teal', value: 100 },
};

/** Strength level and the list of unmet rules, shown on the admin reset page. */
/** The strength meter's heading, also its accessible name. */
const STRENGTH = 'Password strength';

function StrengthMeter({ password }: { password: string }) {
  const { level, errors } = checkPasswordStrength(password);
  const display = strengthDisplay[level];
  return (
    <Stack gap={6} aria-live="polite">
      <Group justify="space-between">
        <Text size="sm">{STRENGTH}</Text>
        <Badge color={display.color} variant="light" data-testid="password-strength">
          {level}
        </Badge>
      </Group>
      <Progress value={display.value} color={display.color} size="sm" aria-label={STRENGTH} />
      {errors.length > 0 ? (
        <List size="sm" c="red.7" spacing={2} aria-label="Password errors">
          {errors.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** Reset password from the e-mailed link: initial → loading → has-reset; a failure returns to initial. */
export function ResetPasswordForm({ audience, token }: { audience: Audience; token?: string }) {
  const [status, setStatus] = useState<Status>('initial');
  const [error, setError] = useState<string | null>(null);
  const signInHref = audience === 'coach' ? paths.coachAuth.href() : paths.auth.href();
  const form = useForm({
    initialValues: { password: '' },
    validateInputOnChange: audience === 'admin',
    validate: {
      password: (value) => {
        if (!value) return messages.validation.required;
        if (audience === 'admin') return checkPasswordStrength(value).errors.length > 0 ? true : null;
        return PASSWORD_PATTERN.test(value) ? null : messages.validation.passwordRule;
      },
    },
  });

  async function submit({ password }: { password: string }) {
    if (!token) return;
    setError(null);
    setStatus('loading');
    try {
      await (audience === 'coach'
        ? coachUpdatePassword(token, password)
        : adminResetPassword(token, password));
      setStatus('has-reset');
    } catch (caught) {
      // An expired or used link gets the server's explanation; anything else the spec's text.
      setError(
        caught instanceof ApiError && caught.status === 401 ? caught.message : messages.password.failed,
      );
      setStatus('initial');
    }
  }

  if (status === 'has-reset') {
    return (
      <AuthResult
        icon={<IconCircleCheck size={26} />}
        color="teal"
        title={messages.password.changedTitle}
        body={messages.password.changedBody}
      >
        <Button component={Link} to={signInHref} fullWidth>
          Log in
        </Button>
      </AuthResult>
    );
  }

  const noToken = audience === 'coach' ? messages.password.noToken : messages.password.noTokenAdmin;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          Reset password
        </Title>
        <Text c="dimmed">Choose a new password for your account.</Text>
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormError message={token ? error : noToken} />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            disabled={!token}
            {...form.getInputProps('password')}
            error={audience === 'admin' ? undefined : form.errors.password}
          />
          {audience === 'admin' && form.values.password ? (
            <StrengthMeter password={form.values.password} />
          ) : null}
          <Button
            type="submit"
            fullWidth
            loading={status === 'loading'}
            disabled={!token || (audience === 'admin' && !form.isValid())}
          >
            Set new password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
