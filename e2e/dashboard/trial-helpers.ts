import { TRIAL_GRANTS } from '@agaton/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { adminSession } from '../fixtures/api';

/** Signs a new admin up at /signup (both steps) and waits for the dashboard. */
export async function signUpAdmin(page: Page, email: string, company: string) {
  await page.goto('/signup');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name').fill('Nell Newcomer');
  await page.getByLabel('Company').fill(`${company} ${email}`);
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Technology' }).click();
  await page.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Customer Success' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/dashboard(\/[a-z-]+)?$/);
}

/**
 * Starts the English Test trial of a new workspace through the API and sends every trial test (one
 * candidate added with a topic each), so the workspace has no tests left.
 */
export async function spendTrialTests(request: APIRequestContext, email: string) {
  // A fresh token per call: the journeys' access tokens live 5 s.
  const bearer = async () => ({
    authorization: `Bearer ${(await adminSession(request, email, NEW_PASSWORD)).accessToken}`,
  });
  const start = await request.post('/api/admin/trial/start', {
    headers: await bearer(),
    data: { productToTry: 'recruitment' },
  });
  expect(start.status(), await start.text()).toBe(200);
  for (let i = 0; i < TRIAL_GRANTS.recruitmentTests; i += 1) {
    const add = await request.post('/api/candidate', {
      headers: await bearer(),
      data: {
        name: `Trial Candidate ${i + 1}`,
        email: uniqueEmail('trial-cand'),
        position: 'Sales representative',
      },
    });
    expect(add.status(), await add.text()).toBe(200);
  }
}
