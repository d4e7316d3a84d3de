import { messages } from '@agaton/contracts';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DESKTOP_APP_REDIRECT, paths } from '../../../config/paths';
import { desktopRedirectTexts as T } from '../texts';
import { DESKTOP_APP_SCHEME, isDesktopAppUrl } from '../utils/redirects';

/** Signing in again from the desktop app's flow fetches a new one-time code and comes back here. */
const SIGN_IN_AGAIN = `${paths.coachAuth.href()}?${new URLSearchParams({ redirect: DESKTOP_APP_REDIRECT })}`;

/**
 * /coach/desktop-app-redirect: opens the desktop app with the URL from `url`. Without one it shows the
 * spec's authentication error; a URL that is not the app's is not followed, and the page says which
 * links it opens.
 */
export function DesktopAppRedirect() {
  const [search] = useSearchParams();
  const url = search.get('url');
  const valid = isDesktopAppUrl(url);
  const open = useCallback(() => {
    if (valid) window.location.href = url;
  }, [valid, url]);

  useEffect(open, [open]);

  if (!valid) {
    return (
      <Stack gap="md" align="center" ta="center">
        <Title order={1} fz={26}>
          {T.cannotOpenTitle}
        </Title>
        <Text role="alert" c="red.8">
          {url ? T.notAppLink(DESKTOP_APP_SCHEME) : messages.other.desktopRedirect}
        </Text>
        <Text c="dimmed">{T.signInAgain}</Text>
        <Actions>
          <Button component={Link} to={SIGN_IN_AGAIN} variant="default">
            {T.tryAgain}
          </Button>
        </Actions>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="center" ta="center">
      <Loader />
      <Title order={1} fz={26}>
        {T.title}
      </Title>
      <Text c="dimmed">{T.hint}</Text>
      <Actions>
        <Button onClick={open} variant="default">
          {T.tryAgain}
        </Button>
      </Actions>
    </Stack>
  );
}

/** Try again (another sign-in, or the app link once more), then the way on in the browser. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" w="100%">
      {children}
      <Button component={Link} to={paths.coachAssistant.href()}>
        {T.continueToWeb}
      </Button>
    </Stack>
  );
}
