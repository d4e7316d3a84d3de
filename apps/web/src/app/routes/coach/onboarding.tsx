import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { EmptyState } from '../../../components/ui/empty-state';
import { DESKTOP_APP_REDIRECT, paths } from '../../../config/paths';
import { getDesktopCode } from '../../../features/auth/api/auth-api';
import { desktopRedirectPage, safeReturnPath } from '../../../features/auth/utils/redirects';
import { errorMessage } from '../../../lib/api-client';

/**
 * /coach/onboarding — goal selection. The goals catalogue arrives with the coaching work; until then
 * the page continues to the saved redirect (the desktop app gets a one-time code and the onboarding
 * flag) or to the coach area.
 */
export default function CoachOnboardingRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function proceed() {
    const redirect = search.get('redirect');
    if (redirect !== DESKTOP_APP_REDIRECT) {
      navigate(safeReturnPath(redirect) ?? paths.coach.href(), { replace: true });
      return;
    }
    setBusy(true);
    try {
      navigate(desktopRedirectPage(await getDesktopCode(), true), { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Select your goals">
      <Stack gap="md">
        <Title order={1} fz={28}>
          Select your goals
        </Title>
        <Text c="dimmed">Choose up to three goals for your coach to focus on.</Text>
        <Paper withBorder radius="md">
          <EmptyState text="No goals to choose from yet." />
        </Paper>
        {error ? (
          <Text role="alert" c="red.7" size="sm">
            {error}
          </Text>
        ) : null}
        <Button onClick={proceed} loading={busy} fullWidth>
          Continue
        </Button>
      </Stack>
    </AuthLayout>
  );
}
