import { refreshTokens } from '@agaton/db';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, signIn, type TestApp } from '../../testing/test-app.ts';
import { RevocationList } from './revocations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => call(t.app, 'GET', '/api/app-user/me', { token });
const refresh = (refreshToken: string) => call(t.app, 'POST', '/api/token', { body: { refreshToken } });

describe('sessions end with their refresh family (issue 16 part 3)', () => {
  it('a session opened with a /code code is revoked with the family it came from', async () => {
    await buildUser(t.db, { email: 'family@example.com' });
    const first = await signIn(t.app, 'family@example.com', FACTORY_PASSWORD);
    const { code } = (
      await call(t.app, 'POST', '/api/code', { body: { refreshToken: first.refreshToken } })
    ).json();
    const derived = (await call(t.app, 'POST', '/api/token', { body: { code } })).json();
    expect((await me(derived.accessToken)).statusCode).toBe(200);

    // The first token is rotated twice, then replayed (stolen): the family is revoked.
    const second = (await refresh(first.refreshToken)).json();
    const third = (await refresh(second.refreshToken)).json();
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);

    for (const session of [derived, third]) {
      expect((await me(session.accessToken)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
  });

  it("a password reset ends the user's access tokens at once", async () => {
    await buildUser(t.db, { email: 'reset.me@example.com' });
    const before = await signIn(t.app, 'reset.me@example.com', FACTORY_PASSWORD);
    expect((await me(before.accessToken)).statusCode).toBe(200);
    await call(t.app, 'POST', '/api/password-reset-request', { body: { username: 'reset.me@example.com' } });
    const link = (await latestEmail(t.app, 'reset.me@example.com'))!.text.match(/reset-pass\/(\S+)/)![1];
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: { authorization: `Bearer ${link}` },
      payload: { password: 'Changed789' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await me(before.accessToken)).statusCode).toBe(401);
    const after = await signIn(t.app, 'reset.me@example.com', 'Changed789');
    expect((await me(after.accessToken)).statusCode).toBe(200);
  });

  it('another process sees a revoked family when its list is next read', async () => {
    await buildUser(t.db, { email: 'elsewhere@example.com' });
    const session = await signIn(t.app, 'elsewhere@example.com', FACTORY_PASSWORD);
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1], 'base64url').toString());
    const other = new RevocationList(t.db, 900, 0);
    expect(await other.isRevoked(claims, claims.iat)).toBe(false);
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, claims.fid));
    expect(await other.isRevoked(claims, claims.iat)).toBe(true);
  });
});

describe('a refresh interrupted by navigation', () => {
  it('gives the same new refresh token to a retry of the just-rotated one, and revokes a real replay', async () => {
    await buildUser(t.db, { email: 'navigator@example.com' });
    const first = await signIn(t.app, 'navigator@example.com', FACTORY_PASSWORD);
    const rotated = (await refresh(first.refreshToken)).json();
    // The page went away before storing `rotated`; the next page retries with the old token.
    const retried = await refresh(first.refreshToken);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refreshToken).toBe(rotated.refreshToken);
    expect((await me(retried.json().accessToken)).statusCode).toBe(200);

    // The client moves on; the old token presented once more is a replay.
    const next = (await refresh(rotated.refreshToken)).json();
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect((await me(next.accessToken)).statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });
});
