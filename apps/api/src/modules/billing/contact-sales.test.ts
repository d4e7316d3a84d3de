import { contactSalesRequests } from '@agaton/db';
import { buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, signIn, type TestApp } from '../../testing/test-app.ts';

const SALES = 'sales-team@agaton.test';

describe('contact sales', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SALES_EMAIL: SALES, CONTACT_SALES_RATE_LIMIT_PER_HOUR: '3' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const request = {
    email: 'buyer@example.com',
    name: 'Dana Buyer',
    message: 'We would like the English Learning App for 40 people.\nCan we talk next week?',
  };

  it('stores the request and e-mails it to the sales address, linked to the coach who sent it', async () => {
    const coach = await buildUser(t.db);
    const token = (await signIn(t.app, coach.email, 'Agaton123')).accessToken;
    const res = await call(t.app, 'POST', '/api/contact-sales', { token, body: request });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.db
      .select()
      .from(contactSalesRequests)
      .where(eq(contactSalesRequests.email, request.email));
    expect(row).toMatchObject({ userId: coach.id, name: request.name, message: request.message });
    const mail = await latestEmail(t.app, SALES);
    expect(mail?.subject).toBe('Contact sales: Dana Buyer <buyer@example.com>');
    expect(mail?.text).toContain(request.message);
    expect(mail?.text).toContain(`Signed-in account: ${coach.email}`);
  });

  it('works without an account, keeps a name on one line in the subject, and checks the fields', async () => {
    const anonymous = await call(t.app, 'POST', '/api/contact-sales', {
      body: { ...request, email: 'anon@example.com', name: 'Eve\r\nBcc: victim@example.com' },
    });
    expect(anonymous.statusCode).toBe(204);
    const mail = await latestEmail(t.app, SALES);
    expect(mail?.subject).toBe('Contact sales: Eve Bcc: victim@example.com <anon@example.com>');
    expect(mail?.text).toContain('Signed-in account: none');
    const bad = await call(t.app, 'POST', '/api/contact-sales', {
      body: { ...request, email: 'nope', message: ' ' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('limits requests per client', async () => {
    // Three per hour in this app; two went above and one invalid request counts too.
    const res = await call(t.app, 'POST', '/api/contact-sales', { body: request });
    expect(res.statusCode).toBe(429);
  });
});
