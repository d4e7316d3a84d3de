/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { adminSession, coachSession } from '../fixtures/api';

test.describe('tenant isolation', () => {
  test("an admin of one organisation cannot read another organisation's teams", async ({ request }) => {
    const seededAdmin = await adminSession(request, seeded.admin.email, seeded.admin.password);
    const seededOrgId = seededAdmin.admin.organizationInfo.id;

    const email = uniqueEmail('rival');
    const created = await request.post('/api/admin', {
      data: {
        email,
        password: NEW_PASSWORD,
        firstName: 'Rival',
        lastName: 'Admin',
        organization: `Rival ${email}`,
        industry: 'Other',
        department: 'Other',
      },
    });
    expect(created.ok()).toBe(true);
    const rival = (await created.json()) as {
      accessToken: string;
      admin: { organizationInfo: { id: string } };
    };
    expect(rival.admin.organizationInfo.id).not.toBe(seededOrgId);

    const asRival = { authorization: `Bearer ${rival.accessToken}` };
    const foreign = await request.get(`/api/astridorg/${seededOrgId}/teams`, { headers: asRival });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error.code).toBe('FORBIDDEN');
    const own = await request.get(`/api/astridorg/${rival.admin.organizationInfo.id}/teams`, {
      headers: asRival,
    });
    expect(own.status()).toBe(200);

    // A coach token is not an admin token either.
    const coach = await coachSession(request, seeded.coach.email, seeded.coach.password);
    const asCoach = await request.get(`/api/astridorg/${seededOrgId}/teams`, {
      headers: { authorization: `Bearer ${coach.accessToken}` },
    });
    expect([401, 403]).toContain(asCoach.status());
  });

  test('a coach token does not open the dashboard', async ({ page, request }) => {
    const coach = await coachSession(request, seeded.coach.email, seeded.coach.password);
    await page.goto('/favicon.svg');
    // Planting a coach token where the admin token belongs must not grant admin pages.
    await page.evaluate((token) => localStorage.setItem('agaton.admin.token', token), coach.accessToken);
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/signup$/);
  });
});
