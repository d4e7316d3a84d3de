import { oneTimeCodes, refreshTokens } from '@agaton/db';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { purgeExpiredTokens } from './cleanup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('expired token purge', () => {
  it('removes expired codes and refresh tokens and keeps live sessions working', async () => {
    const user = await buildUser(t.db);
    const session = await signIn(t.app, user.email, FACTORY_PASSWORD);
    await t.db.insert(refreshTokens).values({
      tokenHash: 'expired-hash',
      familyId: crypto.randomUUID(),
      subjectKind: 'user',
      subjectId: user.id,
      realm: 'whiskey',
      expiresAt: new Date(Date.now() - 1000),
    });
    const removed = await purgeExpiredTokens(t.db, new Date(Date.now() + 10 * 60 * 1000));
    // The used sign-in code expired within 5 minutes; the fresh refresh token lives 30 days.
    expect(removed.codes).toBeGreaterThanOrEqual(1);
    expect(removed.refreshTokens).toBe(1);
    expect(await t.db.select().from(oneTimeCodes)).toHaveLength(0);
    const refreshed = await call(t.app, 'POST', '/api/token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});
