import { messages } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';

test.describe('coach sign-up', () => {
  test('creates the account, shows the banner, then opens onboarding after 2 s keeping the redirect', async ({
    page,
  }) => {
    await page.goto('/coach/signup?redirect=%2Fcoach%2Flearning');
    await expect(page.getByText('Start with 100 free recording minutes')).toBeVisible();
    for (const bullet of [
      'Let the coach listen to you',
      'Practise alone or in meetings',
      'Get actionable coaching',
    ]) {
      await expect(page.getByText(bullet)).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();

    await page.getByLabel('Email').fill(uniqueEmail('coach'));
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    const submit = page.getByRole('button', { name: 'Sign up', exact: true });
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/authn/sign-up')) signUps.push(request.url());
    });
    const signedUp = page.waitForResponse((response) => response.url().endsWith('/api/authn/sign-up'));
    // A double click must create one account, not two.
    await submit.dblclick();
    // The 2 s run from the answer (a response event, not a polled check: when the sign-up was slow,
    // polling saw the banner up to a second late and the wait looked shorter than it was).
    await signedUp;
    const answeredAt = Date.now();

    await expect(page.getByText(messages.signUp.success)).toBeVisible();
    await expect(page).toHaveURL(/\/coach\/onboarding\?redirect=%2Fcoach%2Flearning$/, { timeout: 5_000 });
    expect(Date.now() - answeredAt).toBeGreaterThan(1_500);
    expect(signUps).toHaveLength(1);
    await expect(page.getByRole('heading', { name: 'Select your goals' })).toBeVisible();
  });

  test('an address that is taken gets the spec text', async ({ page }) => {
    await page.goto('/coach/signup');
    await page.getByLabel('Email').fill(seeded.coach.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.signUp.usernameAlreadyTaken);
    await expect(page).toHaveURL(/\/coach\/signup$/);
  });

  test('a weak password is refused before any call', async ({ page }) => {
    await page.goto('/coach/signup');
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText(messages.validation.passwordRule)).toBeVisible();
  });
});
