import { randomUUID } from 'node:crypto';
import { admins, users } from '@agaton/db';
import { buildAdmin, buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../lib/tokens.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Issue 24: a validly signed token whose account is gone is unknown (401), not a server fault (500). */
describe('chat threads of an account that no longer exists', () => {
  let t: TestApp;
  let tokens: AccessTokens;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = new AccessTokens(t.config.JWT_SECRET, 900);
  });
  afterAll(() => t.close());

  const expectUnknown = async (token: string) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(t.app, method, '/api/chat/threads', { token });
      expect(res.statusCode, method).toBe(401);
      expect(res.json().error.code, method).toBe('UNAUTHENTICATED');
    }
  };

  it('answers 401 to a deleted coach and a deleted admin', async () => {
    const coach = await buildUser(t.db);
    const admin = await buildAdmin(t.db);
    const coachToken = await tokens.sign({ sub: coach.id, kind: 'user', realm: 'whiskey' });
    const adminToken = await tokens.sign({
      sub: admin.id,
      kind: 'admin',
      realm: 'whiskey-admin',
      orgId: admin.orgId,
    });
    expect((await call(t.app, 'GET', '/api/chat/threads', { token: coachToken })).statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.id, coach.id));
    await t.db.delete(admins).where(eq(admins.id, admin.id));
    await expectUnknown(coachToken);
    await expectUnknown(adminToken);
  });

  it('answers 401 to a token for an account this database never had', async () => {
    await expectUnknown(await tokens.sign({ sub: randomUUID(), kind: 'user', realm: 'whiskey' }));
  });
});
