import { billingTexts, RECORD_MEETING_MONTHLY_MINUTES, sessionTexts } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { createCoach, latestMail, readTokens, storeTokens } from '../fixtures/api';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/billing-${name}.png`, fullPage: true });
const banner = (page: Page) => page.getByTestId('trial-banner');

/** The current plan as the API reports it for the signed-in coach of `page`. */
async function currentPlan(page: Page) {
  const { token } = await readTokens(page, 'user');
  const response = await page.request.get('/api/billing/current-plan', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

async function newCoach(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await storeTokens(page, 'user', await createCoach(page.request, email, NEW_PASSWORD));
  return email;
}

test.describe('plans and billing (embedded provider)', () => {
  test('a new coach upgrades through the local checkout, sees the banner change, then cancels in the portal', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = await newCoach(page, 'billing');
    await page.goto('/coach/sessions');
    await expect(banner(page)).toHaveText(/Free trial: 100 recording minutes left\./);

    await banner(page).getByRole('link', { name: billingTexts.upgrade }).click();
    await expect(page).toHaveURL(/\/coach\/pricing$/);
    await expect(page.getByTestId('plan-record-meeting')).toContainText('100 €');
    await expect(page.getByTestId('plan-record-meeting')).toContainText('per licence per month');
    await expect(page.getByTestId('plan-english-test')).toContainText('10 €');
    await expect(page.getByTestId('plan-english-learning-app')).toContainText('On request');
    await expect(page.getByTestId('current-plan')).toContainText('100 free recording minutes left');
    await shot(page, 'pricing-trial');

    await page.getByTestId('plan-record-meeting').getByRole('link', { name: billingTexts.upgrade }).click();
    await expect(page).toHaveURL(/\/coach\/checkout\?session=cs_local_/);
    const checkout = page.getByTestId('local-checkout');
    await expect(checkout).toContainText('Record Meeting');
    await expect(checkout).toContainText(email);
    await shot(page, 'checkout');
    await checkout.getByRole('button', { name: 'Pay 100 €' }).click();

    await expect(page).toHaveURL(/\/coach\/upgrade-success$/);
    await expect(page.getByRole('heading', { name: billingTexts.upgradedTitle })).toBeVisible();
    // The plan is ACTIVE: no trial banner any more, on this page already.
    await expect(banner(page)).toHaveCount(0);
    await shot(page, 'upgrade-success');
    const active = await currentPlan(page);
    expect(active.subscription).toMatchObject({
      status: 'ACTIVE',
      planId: 'record-meeting',
      cancelAtPeriodEnd: false,
    });
    expect(active.features.recording.availableRecordingMinutes).toBe(RECORD_MEETING_MONTHLY_MINUTES);

    await page.getByRole('button', { name: billingTexts.openApp }).click();
    await expect(page).toHaveURL(/\/coach\/assistant$/);
    await expect(page.getByText(sessionTexts.record.prompt)).toBeVisible();
    await expect(page.getByTestId('recording-gate')).toHaveCount(0);

    // Pricing now shows the plan as current; managing it opens the portal.
    await page.goto('/coach/pricing');
    const card = page.getByTestId('plan-record-meeting');
    await expect(card).toContainText('Current plan');
    await expect(page.getByTestId('current-plan')).toContainText('1,200 of 1,200 recording minutes left');
    await shot(page, 'pricing-active');
    await card.getByRole('link', { name: 'Manage plan' }).click();
    await expect(page).toHaveURL(/\/coach\/subscription\?session=bps_local_/);
    const portal = page.getByTestId('local-portal');
    await expect(portal).toContainText('Renews on');
    await shot(page, 'portal-active');

    await portal.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByRole('dialog')).toContainText('You can keep recording until');
    await shot(page, 'portal-confirm');
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(page.getByText(/Your plan will end on/)).toBeVisible();
    await expect(banner(page)).toHaveText(/Your Record Meeting plan ends on \d{1,2} \w+ \d{4}\./);
    await expect(portal).toContainText('Your plan ends on');
    await shot(page, 'portal-cancelled');
    expect((await currentPlan(page)).subscription).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
    });

    await portal.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(banner(page)).toHaveCount(0);
    await portal.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(banner(page)).toBeVisible();
    await portal.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/coach\/pricing$/);
  });

  test('contact sales from the pricing page reaches the sales address', async ({ page }) => {
    await newCoach(page, 'sales');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/coach/pricing');
    await expect(page.getByTestId('plan-english-learning-app')).toBeVisible();
    await shot(page, 'pricing-phone');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page
      .getByTestId('plan-english-learning-app')
      .getByRole('button', { name: billingTexts.contactUs })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Message')).toHaveValue(/English Learning App/);
    await dialog.getByLabel('Name').fill('Jordan Lee');
    await dialog.getByLabel('Message').fill('We are 40 people in customer service. Can we talk on Tuesday?');
    await shot(page, 'contact-sales');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(billingTexts.contactSuccess)).toBeVisible();
    const mail = await latestMail(page.request, 'sales@agaton.local');
    expect(mail.text).toContain('Can we talk on Tuesday?');
  });

  test('the subscribe page sends signed-out visitors to sign-in and signs out another account', async ({
    page,
  }) => {
    await page.goto('/coach/plans/record-meeting');
    await expect(page).toHaveURL(/\/coach\/auth\?return=%2Fcoach%2Fplans%2Frecord-meeting$/);
    await newCoach(page, 'account');
    await page.goto('/coach/plans/unknown-plan');
    await expect(page).toHaveURL(/\/coach\/pricing$/);
    await page.goto('/coach/plans/record-meeting?account=someone-else@example.com');
    await expect(page).toHaveURL(/\/coach\/auth/);
    expect((await readTokens(page, 'user')).token).toBeNull();
  });
});
