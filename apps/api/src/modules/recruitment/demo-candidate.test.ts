import { DEMO_ACCOUNTS, seedDemoData } from '@agaton/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
});
afterAll(() => t.close());

const token = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: email, password: DEMO_ACCOUNTS.password },
    })
  ).json().accessToken as string;

it("shows the demo candidate's open test to the demo admin and to the manager of Sales", async () => {
  for (const email of [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.manager]) {
    const res = await call(t.app, 'GET', '/api/admin/candidates', { token: await token(email) });
    const demo = res.json().find((c: { email: string }) => c.email === DEMO_ACCOUNTS.candidate.email);
    expect(demo, email).toMatchObject({ department: 'Sales', position: 'Sales representative' });
    expect(demo.recruitInfo.challengesMeta).toEqual([
      expect.objectContaining({
        code: DEMO_ACCOUNTS.candidate.testCode,
        isExpired: false,
        completedAt: null,
      }),
    ]);
  }
});
