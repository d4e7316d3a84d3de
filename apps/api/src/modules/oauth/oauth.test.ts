import { messages } from '@agaton/contracts';
import { buildAdmin, buildOrg, buildUser } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { browseToCallback, startOidcProvider } from './oidc-test-provider.ts';

const PUBLIC_URL = 'http://agaton.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/callback`;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: 'agaton',
    clientSecret: 'loopback-secret',
    redirectUri: CALLBACK,
  });
  t = await createTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: 'agaton',
    GOOGLE_CLIENT_SECRET: 'loopback-secret',
    GOOGLE_ISSUER: provider.issuer,
    OIDC_ALLOW_INSECURE: '1',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** Our start endpoint → provider login and consent → our callback → the SPA's redirect route. */
async function roundTrip(startPath: string, login: string) {
  const start = await call(t.app, 'GET', startPath);
  expect(start.statusCode).toBe(302);
  expect(start.headers.location).toContain(provider.issuer);
  const callbackUrl = await browseToCallback(start.headers.location as string, login, CALLBACK);
  const done = await call(t.app, 'GET', callbackUrl.slice(PUBLIC_URL.length));
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location as string);
}

describe('social sign-in through a real OpenID provider', () => {
  it('signs up a new coach and lands on the SPA callback with a code the SPA exchanges', async () => {
    const landing = await roundTrip(
      '/api/oauth/google/start?realm=whiskey&authType=sign-up&redirect=%2Fcoach%2Fsessions',
      'olive@example.com',
    );
    expect(landing.pathname).toBe('/coach/oauth2-redirect');
    expect(landing.searchParams.get('realm')).toBe('whiskey');
    expect(landing.searchParams.get('auth-type')).toBe('sign-up');
    expect(landing.searchParams.get('redirect')).toBe('/coach/sessions');
    const session = await call(t.app, 'POST', '/api/token', {
      body: { code: landing.searchParams.get('code') },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().identity).toMatchObject({ email: 'olive@example.com', kind: 'user' });
    const me = await call(t.app, 'GET', '/api/app-user/me', { token: session.json().accessToken });
    expect(me.json()).toMatchObject({ firstName: 'Olive', plan: { subscription: { status: 'TRIALING' } } });
  });

  it('signs in an existing coach, and sends an unknown one back with error=no_account', async () => {
    await buildUser(t.db, { email: 'known.social@example.com' });
    const known = await roundTrip(
      '/api/oauth/google/start?realm=whiskey&authType=sign-in',
      'known.social@example.com',
    );
    const session = await call(t.app, 'POST', '/api/token', {
      body: { code: known.searchParams.get('code') },
    });
    expect(session.json().identity.email).toBe('known.social@example.com');

    const unknown = await roundTrip(
      '/api/oauth/google/start?realm=whiskey&authType=sign-in',
      'stranger@example.com',
    );
    expect(unknown.searchParams.get('error')).toBe('no_account');
    expect(unknown.searchParams.get('code')).toBeNull();
  });

  it('refuses a replayed callback (state is single use)', async () => {
    const start = await call(t.app, 'GET', '/api/oauth/google/start?authType=sign-up');
    const callbackUrl = await browseToCallback(
      start.headers.location as string,
      'replay@example.com',
      CALLBACK,
    );
    await call(t.app, 'GET', callbackUrl.slice(PUBLIC_URL.length));
    const again = await call(t.app, 'GET', callbackUrl.slice(PUBLIC_URL.length));
    expect(new URL(again.headers.location as string).searchParams.get('error')).toBe('invalid_state');
  });

  it("answers 501 'This sign-in method is not set up on this server.' for an unconfigured provider", async () => {
    const res = await call(t.app, 'GET', '/api/oauth/microsoft/start?realm=whiskey');
    expect(res.statusCode).toBe(501);
    expect(res.json().error).toEqual({
      code: 'PROVIDER_NOT_CONFIGURED',
      message: messages.signIn.providerNotConfigured,
    });
  });
});

describe('organisation SSO', () => {
  it('redirects an SSO domain from the auth-flow step and signs the admin in with the returned code', async () => {
    const org = await buildOrg(t.db, {
      ssoIssuer: provider.issuer,
      ssoClientId: 'agaton',
      ssoClientSecret: 'loopback-secret',
      ssoDomains: ['sso-corp.example'],
    });
    await buildAdmin(t.db, { orgId: org.id, email: 'boss@sso-corp.example' });
    const flow = await call(t.app, 'POST', '/api/auth-flow', {
      body: { email: 'boss@sso-corp.example', authType: 'sign-in', realm: 'whiskey-admin' },
    });
    expect(flow.json().askForPassword).toBe(false);
    expect(flow.json().redirectUrl).toContain(`${provider.issuer}/auth?`);

    const callbackUrl = await browseToCallback(flow.json().redirectUrl, 'boss@sso-corp.example', CALLBACK);
    const done = await call(t.app, 'GET', callbackUrl.slice(PUBLIC_URL.length));
    const landing = new URL(done.headers.location as string);
    expect(landing.searchParams.get('realm')).toBe('whiskey-admin');
    const admin = await call(t.app, 'POST', '/api/admin/auth', {
      body: { authCode: landing.searchParams.get('code') },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().admin.email).toBe('boss@sso-corp.example');
  });

  it('asks for a password for domains without SSO', async () => {
    const flow = await call(t.app, 'POST', '/api/auth-flow', {
      body: { email: 'someone@plain.example', authType: 'sign-in', realm: 'whiskey' },
    });
    expect(flow.json()).toEqual({ askForPassword: true });
  });
});
