import { messages, OAUTH_CALLBACK_ERRORS, REALMS } from '@agaton/contracts';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { adminSignIn, exchangeCoachCode } from '../api/auth-api';
import { safeReturnPath } from '../utils/redirects';

/** Texts for the `error` our OpenID Connect callback can send back (spec 1 section 8, issue 16 part 4). */
const callbackErrors: Record<string, string> = {
  [OAUTH_CALLBACK_ERRORS.emailMissing]: messages.signUp.emailMissing,
  [OAUTH_CALLBACK_ERRORS.noAccount]: messages.signIn.noAccountWithEmail,
  [OAUTH_CALLBACK_ERRORS.emailUnverified]: messages.signIn.providerEmailUnverified,
  [OAUTH_CALLBACK_ERRORS.accountUnverified]: messages.signIn.accountEmailUnverified,
  [OAUTH_CALLBACK_ERRORS.ssoNotAllowed]: messages.signIn.ssoNotAllowed,
};

const dashboardFor = (realm: string | null) =>
  realm === REALMS.admin ? paths.dashboard.href() : paths.coach.href();

/** Appends onboarding=true to a same-origin path after a social sign-up. */
function withOnboarding(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('onboarding', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /coach/oauth2-redirect: exchanges the one-time code from the OpenID Connect callback for the
 * realm's tokens, then follows `redirect` (with an onboarding flag after a sign-up) or opens the
 * realm's dashboard. Without a valid code or realm it replaces itself with that dashboard.
 */
export function OAuthCallback() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const code = search.get('code');
  const realm = search.get('realm');
  const authType = search.get('auth-type');
  const redirect = safeReturnPath(search.get('redirect'));
  const providerError = search.get('error');
  const valid = Boolean(code) && (realm === REALMS.coach || realm === REALMS.admin);
  const [failed, setFailed] = useState<string | null>(
    providerError ? (callbackErrors[providerError] ?? messages.other.oauth) : null,
  );
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice; the code is single-use.
    if (!valid || !code || started.current) return;
    started.current = true;
    const signUp = authType === 'sign-up';
    (async () => {
      try {
        if (realm === REALMS.admin) await adminSignIn({ authCode: code });
        else await exchangeCoachCode(code);
        if (redirect) navigate(signUp ? withOnboarding(redirect) : redirect, { replace: true });
        else if (signUp && realm === REALMS.coach) navigate(paths.coachOnboarding.href(), { replace: true });
        else navigate(dashboardFor(realm), { replace: true });
      } catch {
        setFailed(messages.other.oauth);
      }
    })();
  }, [valid, code, realm, authType, redirect, navigate]);

  if (failed) {
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          Sign-in failed
        </Title>
        <Text role="alert">{failed}</Text>
        <Button
          component={Link}
          to={realm === REALMS.admin ? paths.auth.href() : paths.coachAuth.href()}
          replace
        >
          Back to log in
        </Button>
      </Stack>
    );
  }
  if (!valid) return <Navigate to={dashboardFor(realm)} replace />;
  return (
    <Stack align="center" gap="md" py="xl">
      <Loader />
      <Text>Signing you in…</Text>
    </Stack>
  );
}
