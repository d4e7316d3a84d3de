import { messages } from '@agaton/contracts';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../../config/constants';
import { paths } from '../../../config/paths';

/** Only our desktop app's scheme is opened, so the page cannot be used as an open redirect. */
const isDesktopAppUrl = (url: string | null): url is string => Boolean(url?.startsWith('agaton://'));

/** /coach/desktop-app-redirect: opens the desktop app with the URL from `url`. */
export function DesktopAppRedirect() {
  const [search] = useSearchParams();
  const url = search.get('url');
  const valid = isDesktopAppUrl(url);
  const open = useCallback(() => {
    if (valid) window.location.href = url;
  }, [valid, url]);

  useEffect(open, [open]);

  return (
    <Stack gap="md" align="center" ta="center">
      {valid ? <Loader /> : null}
      <Title order={1} fz={26}>
        {`Redirecting to ${PRODUCT_NAME} app`}
      </Title>
      {valid ? (
        <Text c="dimmed">If nothing happens, try again or continue in your browser.</Text>
      ) : (
        <Text role="alert" c="red.7">
          {messages.other.desktopRedirect}
        </Text>
      )}
      <Stack gap="sm" w="100%">
        <Button onClick={open} disabled={!valid} variant="default">
          Try again
        </Button>
        <Button component={Link} to={paths.coachAssistant.href()}>
          Continue to web app
        </Button>
      </Stack>
    </Stack>
  );
}
