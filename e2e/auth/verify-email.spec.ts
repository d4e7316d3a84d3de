import { messages } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { latestMail, linkIn } from '../fixtures/api';

test.describe('e-mail verification (issue 16 part 4)', () => {
  test('coach: sign up → e-mailed link → verified; the used link offers a new one', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('verify');
    await page.goto('/coach/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText(messages.signUp.success)).toBeVisible();

    const link = linkIn(await latestMail(request, email), '/verify-email/');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: messages.emailVerification.verifiedTitle })).toBeVisible();
    await expect(page.getByText(messages.emailVerification.verifiedBody)).toBeVisible();
    // Still signed in from the sign-up: Continue opens the coach area.
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/coach(\/|$)/);
    await expect(page).not.toHaveURL(/verify-email/);

    // The link is single use: opened again it says so and offers a new link.
    await page.goto(link);
    await expect(page.getByText(messages.emailVerification.linkInvalid)).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: messages.emailVerification.resend }).click();
    await expect(page.getByText(messages.emailVerification.resentBody)).toBeVisible();
    // Not a dead end: the page leads back to a log-in.
    await page.getByRole('link', { name: 'Coach log in' }).click();
    // (Still signed in, the coach log-in passes the coach on into the coach area.)
    await expect(page).toHaveURL(/\/coach(\/|$)/);
    await expect(page).not.toHaveURL(/verify-email/);
  });
});
