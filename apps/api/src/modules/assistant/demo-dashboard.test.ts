import { adminSchema } from '@agaton/contracts';
import { buildAdmin, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { isDemoDashboardIdentity } from './demo-dashboard.ts';

let t: TestApp;
let byIdAdmin: string;

const adminBody = async (email: string) => {
  const auth = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: email, password: FACTORY_PASSWORD },
  });
  const res = await call(t.app, 'GET', '/api/admin', { token: auth.json().accessToken });
  expect(res.statusCode, res.body).toBe(200);
  return adminSchema.parse(res.json());
};

beforeAll(async () => {
  t = await createTestApp();
  await buildAdmin(t.db, { email: 'listed@demo.example' });
  await buildAdmin(t.db, { email: 'unlisted@demo.example' });
  byIdAdmin = (await buildAdmin(t.db, { email: 'by-id@demo.example' })).id;
  // The allow-list is read per request from the config the app was built with.
  t.config.ASSISTANT_DEMO_DASHBOARD_IDENTITIES = ['listed@demo.example', byIdAdmin];
});
afterAll(() => t?.close());

describe('Insights Dashboard allow-list (spec 3 §2.1, §6)', () => {
  it('tells GET /api/admin which admins see it, by e-mail or admin id', async () => {
    expect((await adminBody('listed@demo.example')).demoDashboard).toBe(true);
    expect((await adminBody('by-id@demo.example')).demoDashboard).toBe(true);
    expect((await adminBody('unlisted@demo.example')).demoDashboard).toBe(false);
  });

  it('reads ASSISTANT_DEMO_DASHBOARD_IDENTITIES as a comma-separated, case-insensitive list', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/agaton-demo-dashboard-test',
      JWT_SECRET: 'x'.repeat(40),
      ASSISTANT_DEMO_DASHBOARD_IDENTITIES: ' Boss@Example.com ,, 0b4f6c1e-aaaa-4bbb-8ccc-123456789abc ',
    });
    expect(config.ASSISTANT_DEMO_DASHBOARD_IDENTITIES).toEqual([
      'boss@example.com',
      '0b4f6c1e-aaaa-4bbb-8ccc-123456789abc',
    ]);
    expect(isDemoDashboardIdentity(config, { id: 'other', email: 'BOSS@example.com' })).toBe(true);
    expect(isDemoDashboardIdentity(config, { id: 'other', email: 'boss@example.org' })).toBe(false);
    // Unset: only the seeded demo admin.
    const fallback = loadConfig({ DATA_DIR: '/tmp/agaton-demo-dashboard-test', JWT_SECRET: 'x'.repeat(40) });
    expect(fallback.ASSISTANT_DEMO_DASHBOARD_IDENTITIES).toEqual(['admin@agaton.local']);
    expect(isDemoDashboardIdentity(fallback, { id: 'x', email: 'someone@example.com' })).toBe(false);
  });
});
