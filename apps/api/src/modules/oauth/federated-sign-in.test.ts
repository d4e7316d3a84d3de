import { OAUTH_CALLBACK_ERRORS } from '@agaton/contracts';
import { emailVerificationTokens, federatedIdentities, organisations, users } from '@agaton/db';
import { buildAdmin, buildOrg, buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  outboxReaderToken,
  serviceContext,
  type TestApp,
} from '../../testing/test-app.ts';
import { browseToCallback, startOidcProvider } from './oidc-test-provider.ts';
import { storeSsoClientSecret } from './sso-secrets.ts';

const PUBLIC_URL = 'http://agaton.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/callback`;
const SECRET = 'loopback-secret';

/** What the provider says about each login name; unlisted logins are their own verified e-mail. */
const accounts = new Map<string, Record<string, unknown>>();
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: 'agaton',
    clientSecret: SECRET,
    redirectUri: CALLBACK,
    claimsFor: (login) => accounts.get(login) ?? { email: login, email_verified: true },
  });
  t = await createTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: 'agaton',
    GOOGLE_CLIENT_SECRET: SECRET,
    GOOGLE_ISSUER: provider.issuer,
    OIDC_ALLOW_INSECURE: '1',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** Start URL → provider login as `login` → our callback; answers the SPA landing URL. */
async function roundTrip(startUrl: string, login: string) {
  const callbackUrl = await browseToCallback(startUrl, login, CALLBACK);
  const done = await call(t.app, 'GET', callbackUrl.slice(PUBLIC_URL.length));
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location as string);
}

async function google(login: string, realm = 'whiskey', authType = 'sign-in') {
  const start = await call(t.app, 'GET', `/api/oauth/google/start?realm=${realm}&authType=${authType}`);
  expect(start.statusCode).toBe(302);
  return roundTrip(start.headers.location as string, login);
}

async function sso(email: string, login: string) {
  const start = await call(
    t.app,
    'GET',
    `/api/oauth/sso/start?realm=whiskey-admin&email=${encodeURIComponent(email)}`,
  );
  expect(start.statusCode).toBe(302);
  return roundTrip(start.headers.location as string, login);
}

/** The e-mail the landing URL's code signs in to (coach realm). */
async function coachEmailOf(landing: URL) {
  expect(landing.searchParams.get('error')).toBeNull();
  const session = await call(t.app, 'POST', '/api/token', {
    body: { code: landing.searchParams.get('code') },
  });
  expect(session.statusCode).toBe(200);
  return session.json().identity.email as string;
}

async function adminEmailOf(landing: URL) {
  expect(landing.searchParams.get('error')).toBeNull();
  const res = await call(t.app, 'POST', '/api/admin/auth', {
    body: { authCode: landing.searchParams.get('code') },
  });
  expect(res.statusCode).toBe(200);
  return res.json().admin.email as string;
}

const tokenIn = (text: string) => text.match(/\/verify-email\/([A-Za-z0-9_-]+)/)?.[1] as string;

async function latestVerificationToken(to: string) {
  const res = await call(t.app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, {
    token: await outboxReaderToken(t, to),
  });
  const mail = (res.json() as { subject: string; text: string }[]).find((m) =>
    m.subject.includes('Verify your Agaton email'),
  );
  expect(mail, `verification e-mail to ${to}`).toBeDefined();
  return tokenIn(mail?.text ?? '');
}

describe('linking an identity provider account by e-mail', () => {
  it('refuses a provider that does not say email_verified (a missing claim is not enough)', async () => {
    await buildUser(t.db, { email: 'silent@example.com' });
    accounts.set('silent@example.com', { email: 'silent@example.com' });
    const landing = await google('silent@example.com');
    expect(landing.searchParams.get('error')).toBe(OAUTH_CALLBACK_ERRORS.emailUnverified);
    expect(landing.searchParams.get('code')).toBeNull();

    // Nor does a sign-up create an account for an address nobody verified.
    accounts.set('silent-new@example.com', { email: 'silent-new@example.com' });
    const signUp = await google('silent-new@example.com', 'whiskey', 'sign-up');
    expect(signUp.searchParams.get('error')).toBe(OAUTH_CALLBACK_ERRORS.emailUnverified);
    expect(await t.db.select().from(users).where(eq(users.email, 'silent-new@example.com'))).toEqual([]);
  });

  it('refuses email_verified: false', async () => {
    await buildUser(t.db, { email: 'unconfirmed@example.com' });
    accounts.set('unconfirmed@example.com', { email: 'unconfirmed@example.com', email_verified: false });
    const landing = await google('unconfirmed@example.com');
    expect(landing.searchParams.get('error')).toBe(OAUTH_CALLBACK_ERRORS.emailUnverified);
  });

  it('links a verified e-mail to a verified account, and records the link', async () => {
    const user = await buildUser(t.db, { email: 'linked@example.com' });
    expect(await coachEmailOf(await google('linked@example.com'))).toBe('linked@example.com');
    const links = await t.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.subjectId, user.id));
    expect(links).toMatchObject([
      { issuer: provider.issuer, subject: 'linked@example.com', subjectKind: 'user' },
    ]);
  });

  it('signs a linked identity in by (issuer, subject) after its e-mail changed at the provider', async () => {
    await buildUser(t.db, { email: 'before@example.com' });
    accounts.set('employee-42', { email: 'before@example.com', email_verified: true });
    expect(await coachEmailOf(await google('employee-42'))).toBe('before@example.com');

    // The provider now says another address, not even verified: the link still decides.
    accounts.set('employee-42', { email: 'after@example.com', email_verified: false });
    expect(await coachEmailOf(await google('employee-42'))).toBe('before@example.com');
  });

  it('does not let a provider take over an account whose owner never verified the e-mail', async () => {
    // Someone registered the address with a password and never followed the verification link.
    const squatted = await buildUser(t.db, { email: 'victim@example.com', emailVerifiedAt: null });
    const landing = await google('victim@example.com');
    expect(landing.searchParams.get('error')).toBe(OAUTH_CALLBACK_ERRORS.accountUnverified);
    expect(landing.searchParams.get('code')).toBeNull();
    expect(
      await t.db.select().from(federatedIdentities).where(eq(federatedIdentities.subjectId, squatted.id)),
    ).toEqual([]);
  });

  it('an admin account signs in with the provider once its e-mail is verified by the link', async () => {
    const signUp = await call(t.app, 'POST', '/api/admin', {
      body: {
        email: 'owner@fresh-co.example',
        password: 'Secret123',
        firstName: 'Owen',
        organization: 'Fresh Co',
        industry: 'Technology',
        department: 'Sales B2B',
      },
    });
    expect(signUp.statusCode).toBe(200);
    const before = await google('owner@fresh-co.example', 'whiskey-admin');
    expect(before.searchParams.get('error')).toBe(OAUTH_CALLBACK_ERRORS.accountUnverified);

    const verified = await call(t.app, 'POST', '/api/auth/verify-email', {
      body: { token: await latestVerificationToken('owner@fresh-co.example') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: 'owner@fresh-co.example', realm: 'whiskey-admin' });
    expect(await adminEmailOf(await google('owner@fresh-co.example', 'whiskey-admin'))).toBe(
      'owner@fresh-co.example',
    );
  });
});

describe('e-mail verification links', () => {
  it('a coach sign-up gets a link that verifies once; a used or expired link is refused', async () => {
    const signUp = await call(t.app, 'POST', '/api/authn/sign-up', {
      body: { email: 'newcoach@example.com', password: 'Secret123' },
    });
    expect(signUp.statusCode).toBe(200);
    const [created] = await t.db.select().from(users).where(eq(users.email, 'newcoach@example.com'));
    expect(created.emailVerifiedAt).toBeNull();
    // Password sign-in does not wait for the verification.
    const password = await call(t.app, 'POST', '/api/authn/password', {
      body: { username: 'newcoach@example.com', password: 'Secret123' },
    });
    expect(password.statusCode).toBe(200);

    const token = await latestVerificationToken('newcoach@example.com');
    const first = await call(t.app, 'POST', '/api/auth/verify-email', { body: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email: 'newcoach@example.com', realm: 'whiskey' });
    const [verified] = await t.db.select().from(users).where(eq(users.email, 'newcoach@example.com'));
    expect(verified.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await call(t.app, 'POST', '/api/auth/verify-email', { body: { token } });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(
      'This verification link is invalid, has expired or was already used.',
    );
  });

  it('refuses an expired link, and resend mails a new one that works', async () => {
    await call(t.app, 'POST', '/api/authn/sign-up', {
      body: { email: 'late@example.com', password: 'Secret123' },
    });
    const stale = await latestVerificationToken('late@example.com');
    // Two days and a minute later.
    await t.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(emailVerificationTokens.email, 'late@example.com'));
    const expired = await call(t.app, 'POST', '/api/auth/verify-email', { body: { token: stale } });
    expect(expired.statusCode).toBe(401);

    const resend = await call(t.app, 'POST', '/api/auth/verify-email/resend', {
      body: { email: 'late@example.com', realm: 'whiskey' },
    });
    expect(resend.statusCode).toBe(204);
    const fresh = await latestVerificationToken('late@example.com');
    expect(fresh).not.toBe(stale);
    expect((await call(t.app, 'POST', '/api/auth/verify-email', { body: { token: fresh } })).statusCode).toBe(
      200,
    );
    // An unknown address gets the same 204 and no e-mail.
    const unknown = await call(t.app, 'POST', '/api/auth/verify-email/resend', {
      body: { email: 'nobody-here@example.com', realm: 'whiskey' },
    });
    expect(unknown.statusCode).toBe(204);
  });
});

describe('organisation SSO', () => {
  it('reaches only admins of its organisation, by an e-mail of its SSO domains', async () => {
    const orgA = await buildOrg(t.db, {
      ssoIssuer: provider.issuer,
      ssoClientId: 'agaton',
      ssoClientSecret: SECRET,
      ssoDomains: ['a-corp.example'],
    });
    const orgB = await buildOrg(t.db);
    await buildAdmin(t.db, { orgId: orgA.id, email: 'owner@a-corp.example' });
    // An admin of another organisation whose address is in A's domain.
    await buildAdmin(t.db, { orgId: orgB.id, email: 'contractor@a-corp.example' });
    // An admin of A with an address outside A's SSO domains.
    await buildAdmin(t.db, { orgId: orgA.id, email: 'owner@elsewhere.example' });

    expect(await adminEmailOf(await sso('owner@a-corp.example', 'owner@a-corp.example'))).toBe(
      'owner@a-corp.example',
    );
    const otherOrg = await sso('contractor@a-corp.example', 'contractor@a-corp.example');
    expect(otherOrg.searchParams.get('error')).toBe(OAUTH_CALLBACK_ERRORS.ssoNotAllowed);
    expect(otherOrg.searchParams.get('code')).toBeNull();
    // A's provider asserting an address outside A's domains (started with one inside).
    const outsideDomain = await sso('anyone@a-corp.example', 'owner@elsewhere.example');
    expect(outsideDomain.searchParams.get('error')).toBe(OAUTH_CALLBACK_ERRORS.ssoNotAllowed);
  });

  it('keeps the client secret encrypted at rest (a plaintext one is encrypted on first read) and SSO works', async () => {
    const legacy = await buildOrg(t.db, {
      ssoIssuer: provider.issuer,
      ssoClientId: 'agaton',
      ssoClientSecret: SECRET,
      ssoDomains: ['legacy-co.example'],
    });
    await buildAdmin(t.db, { orgId: legacy.id, email: 'boss@legacy-co.example' });
    expect(await adminEmailOf(await sso('boss@legacy-co.example', 'boss@legacy-co.example'))).toBe(
      'boss@legacy-co.example',
    );
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, legacy.id));
    expect(row.ssoClientSecret).toMatch(/^v1:/);
    expect(row.ssoClientSecret).not.toContain(SECRET);

    const fresh = await buildOrg(t.db, {
      ssoIssuer: provider.issuer,
      ssoClientId: 'agaton',
      ssoDomains: ['fresh-sso.example'],
    });
    await storeSsoClientSecret(serviceContext(t), fresh.id, SECRET);
    const [stored] = await t.db.select().from(organisations).where(eq(organisations.id, fresh.id));
    expect(stored.ssoClientSecret).not.toContain(SECRET);
    await buildAdmin(t.db, { orgId: fresh.id, email: 'boss@fresh-sso.example' });
    expect(await adminEmailOf(await sso('boss@fresh-sso.example', 'boss@fresh-sso.example'))).toBe(
      'boss@fresh-sso.example',
    );

    // A value moved to another organisation's row does not decrypt there (bound to its organisation).
    await t.db
      .update(organisations)
      .set({ ssoClientSecret: stored.ssoClientSecret })
      .where(eq(organisations.id, legacy.id));
    const moved = await call(
      t.app,
      'GET',
      `/api/oauth/sso/start?realm=whiskey-admin&email=${encodeURIComponent('boss@legacy-co.example')}`,
    );
    expect(moved.statusCode).toBe(501);
  });
});
