import { expect, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { coachSession, storeTokens } from '../fixtures/api';

test('on a phone the coach menu opens from the burger and closes after choosing a page', async ({
  page,
  request,
}) => {
  await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
  await page.goto('/coach/sessions');
  const coaching = page.getByRole('link', { name: 'Coaching', exact: true });
  await expect(coaching).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(coaching).toBeInViewport();
  await coaching.click();
  await expect(page).toHaveURL(/\/coach\/coaching-reports$/);
  await expect(page.getByRole('heading', { name: 'Coaching reports' })).toBeVisible();
  await expect(coaching).not.toBeInViewport();
});
