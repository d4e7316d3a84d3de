import '@testing-library/jest-dom/vitest';
import { messages, OAUTH_CALLBACK_ERRORS } from '@agaton/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, setUpAuthFormTests, stubApi } from './auth-test-utils.test-helper';
import { OAuthCallback } from './oauth-callback';
import { VerifyEmail } from './verify-email';

setUpAuthFormTests();

describe('e-mail verification page', () => {
  it('verifies the link once and continues into the realm of the account', async () => {
    const calls = stubApi({
      'POST /api/auth/verify-email': {
        status: 200,
        body: { email: 'a@example.com', realm: 'whiskey-admin' },
      },
    });
    renderAt('/verify-email/t0k3n', <VerifyEmail token="t0k3n" />, '/verify-email/:token');
    expect(
      await screen.findByRole('heading', { name: messages.emailVerification.verifiedTitle }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
    expect(calls).toEqual([{ key: 'POST /api/auth/verify-email', body: { token: 't0k3n' } }]);
  });

  it('says a used or expired link is dead and sends a new one for the address', async () => {
    const calls = stubApi({
      'POST /api/auth/verify-email': {
        status: 401,
        body: { error: { code: 'INVALID_TOKEN', message: 'x' } },
      },
      'POST /api/auth/verify-email/resend': { status: 204 },
    });
    renderAt('/verify-email/old', <VerifyEmail token="old" />, '/verify-email/:token');
    expect(await screen.findByText(messages.emailVerification.linkInvalid)).toBeVisible();
    // A dead link is not a dead end: both log-in pages are a click away.
    expect(screen.getByRole('link', { name: 'Coach log in' })).toHaveAttribute('href', '/coach/auth');
    expect(screen.getByRole('link', { name: 'Dashboard log in' })).toHaveAttribute('href', '/auth');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Me@Example.com');
    await user.click(screen.getByRole('button', { name: messages.emailVerification.resend }));
    expect(await screen.findByText(messages.emailVerification.resentBody)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Coach log in' })).toBeVisible();
    expect(calls.filter((c) => c.key === 'POST /api/auth/verify-email/resend').map((c) => c.body)).toEqual([
      { email: 'me@example.com', realm: 'whiskey' },
      { email: 'me@example.com', realm: 'whiskey-admin' },
    ]);
  });
});

describe('OAuth callback refusals', () => {
  it.each([
    [OAUTH_CALLBACK_ERRORS.emailUnverified, messages.signIn.providerEmailUnverified],
    [OAUTH_CALLBACK_ERRORS.accountUnverified, messages.signIn.accountEmailUnverified],
    [OAUTH_CALLBACK_ERRORS.ssoNotAllowed, messages.signIn.ssoNotAllowed],
  ])('error=%s shows its text', async (error, text) => {
    stubApi({});
    renderAt(`/coach/oauth2-redirect?realm=whiskey&error=${error}`, <OAuthCallback />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
