import { DEMO_ACCOUNTS, seedDemoData } from '@agaton/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { call, createTestApp, outboxToken, signIn, type TestApp } from '../../testing/test-app.ts';

const base = { DATA_DIR: '/tmp/agaton-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('default accounts (issue 16 part 1)', () => {
  it('seeds no demo data unless asked for', () => {
    expect(loadConfig(base).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO_DATA: '1' }).SEED_DEMO_DATA).toBe(true);
  });

  it('uses the well-known demo password only outside production', () => {
    expect(loadConfig(base).DEMO_PASSWORD).toBe(DEMO_ACCOUNTS.password);
    const production = loadConfig({ ...base, NODE_ENV: 'production' });
    expect(production.DEMO_PASSWORD).not.toBe(DEMO_ACCOUNTS.password);
    expect(production.demoPasswordGenerated).toBe(true);
    const chosen = loadConfig({ ...base, NODE_ENV: 'production', DEMO_PASSWORD: 'Operator-Chosen-9' });
    expect(chosen).toMatchObject({ DEMO_PASSWORD: 'Operator-Chosen-9', demoPasswordGenerated: false });
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', DEMO_PASSWORD: DEMO_ACCOUNTS.password }),
    ).toThrow(/DEMO_PASSWORD: the well-known demo password is not allowed/);
  });

  it('refuses the outbox viewer in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', MAIL_OUTBOX_VIEWER: '1' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', MAIL_OUTBOX_VIEWER: '1' })).toThrow(
      /MAIL_OUTBOX_VIEWER: not allowed when NODE_ENV=production/,
    );
  });
});

describe('a production server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      MAIL_OUTBOX_VIEWER: '0',
      DEMO_PASSWORD: 'Operator-Chosen-9',
    });
  });
  afterAll(() => t.close());

  it('never accepts the well-known demo password, even on accounts seeded with it', async () => {
    await seedDemoData(t.db); // as a database seeded by a development start would be
    for (const [url, body] of [
      ['/api/authn/password', { username: DEMO_ACCOUNTS.coach, password: DEMO_ACCOUNTS.password }],
      ['/api/admin/auth', { username: DEMO_ACCOUNTS.admin, password: DEMO_ACCOUNTS.password }],
      ['/api/app-user/auth', { username: DEMO_ACCOUNTS.coach, password: DEMO_ACCOUNTS.password }],
    ] as const) {
      const res = await call(t.app, 'POST', url, { body });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('WRONG_CREDENTIALS');
    }
  });

  it('has no outbox viewer', async () => {
    const res = await call(t.app, 'GET', '/api/dev/outbox', { token: await outboxToken() });
    expect(res.statusCode).toBe(404);
  });
});

describe('a production server seeded with the operator demo password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      MAIL_OUTBOX_VIEWER: '0',
      DEMO_PASSWORD: 'Operator-Chosen-9',
    });
    await seedDemoData(t.db, { password: t.config.DEMO_PASSWORD });
  });
  afterAll(() => t.close());

  it('signs the demo coach in with it', async () => {
    const session = await signIn(t.app, DEMO_ACCOUNTS.coach, 'Operator-Chosen-9');
    expect(session.identity.email).toBe(DEMO_ACCOUNTS.coach);
  });
});

describe('the outbox viewer outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db);
  });
  afterAll(() => t.close());

  it('needs an organisation admin token', async () => {
    expect((await call(t.app, 'GET', '/api/dev/outbox')).statusCode).toBe(401);
    const coach = await signIn(t.app, DEMO_ACCOUNTS.coach, DEMO_ACCOUNTS.password);
    expect((await call(t.app, 'GET', '/api/dev/outbox', { token: coach.accessToken })).statusCode).toBe(403);
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.password, 'whiskey-admin');
    const res = await call(t.app, 'GET', '/api/dev/outbox', { token: admin.accessToken });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });
});
