import { goalTexts } from '@agaton/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { DESKTOP_APP_REDIRECT, paths } from '../../../config/paths';
import { getDesktopCode } from '../../../features/auth/api/auth-api';
import { desktopRedirectPage, safeReturnPath } from '../../../features/auth/utils/redirects';
import { GoalSelectionForm } from '../../../features/goals/components/goal-selection-form';
import { GOAL_INVENTED_TEXTS } from '../../../features/goals/texts';
import { coachSignInFor } from './layout';

/** Appends onboarding=true to a same-origin path, so the page it opens knows the coach is new. */
function withOnboardingFlag(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('onboarding', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /coach/onboarding: 'Select your goals' (spec 1 §2 "Goal selection"). Once saved, the desktop app
 * gets a one-time code and the onboarding flag; a saved `redirect` (or `return`) path opens with the
 * onboarding flag; otherwise the coach area.
 */
export default function CoachOnboardingRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();

  async function proceed() {
    const redirect = search.get('redirect');
    if (redirect === DESKTOP_APP_REDIRECT) {
      navigate(desktopRedirectPage(await getDesktopCode(), true), { replace: true });
      return;
    }
    const saved = safeReturnPath(redirect) ?? safeReturnPath(search.get('return'));
    navigate(saved ? withOnboardingFlag(saved) : paths.coach.href(), { replace: true });
  }

  const toSignIn = useCallback(
    () => navigate(coachSignInFor(location), { replace: true }),
    [navigate, location],
  );

  return (
    <AuthLayout title={goalTexts.heading}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={28}>
            {goalTexts.heading}
          </Title>
          <Text c="dimmed">{GOAL_INVENTED_TEXTS.intro}</Text>
        </Stack>
        <GoalSelectionForm
          submitLabel={GOAL_INVENTED_TEXTS.continue}
          columns={1}
          onSaved={proceed}
          onUnauthenticated={toSignIn}
        />
      </Stack>
    </AuthLayout>
  );
}
