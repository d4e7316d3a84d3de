import type { OAuthProvider, Realm } from '@agaton/contracts';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { oauthStartUrl, startOAuth } from '../api/auth-api';

const providers: { id: OAuthProvider; name: string; icon: typeof IconBrandGoogle }[] = [
  { id: 'google', name: 'Google', icon: IconBrandGoogle },
  { id: 'microsoft', name: 'Microsoft', icon: IconBrandWindows },
];

/**
 * 'Log in with Google' / 'Log in with Microsoft' (or 'Sign up with …'). A provider the server has not
 * set up answers 501; its message is shown instead of leaving the page.
 */
export function SocialButtons({
  realm,
  authType,
  redirect,
  onError,
}: {
  realm: Realm;
  authType: 'sign-in' | 'sign-up';
  redirect?: string;
  onError: (message: string | null) => void;
}) {
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const verb = authType === 'sign-in' ? 'Log in' : 'Sign up';

  async function start(provider: OAuthProvider) {
    onError(null);
    setPending(provider);
    try {
      await startOAuth(oauthStartUrl(provider, { realm, authType, redirect }));
    } catch (error) {
      onError(errorMessage(error));
      setPending(null);
    }
  }

  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {providers.map(({ id, name, icon: Icon }) => (
        <Button
          key={id}
          variant="default"
          fullWidth
          leftSection={<Icon size={18} />}
          loading={pending === id}
          disabled={pending !== null && pending !== id}
          onClick={() => start(id)}
        >
          {`${verb} with ${name}`}
        </Button>
      ))}
    </Stack>
  );
}
