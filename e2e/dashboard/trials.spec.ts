import { billingTexts, PLAN_TEXTS, RECRUITMENT_TEXTS, TRIAL_GRANTS } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { UPGRADE_LABELS } from '../../apps/web/src/components/ui/upgrade-texts';
import { PLANS_LABELS } from '../../apps/web/src/features/plans/texts';
import { RT_LABELS } from '../../apps/web/src/features/recruitment/texts';
import { uniqueEmail } from '../fixtures/accounts';
import { signUpAdmin, spendTrialTests } from './trial-helpers';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/trials-${name}.png`, fullPage: true });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const nav = (page: Page) => page.getByRole('navigation');

test.describe('Product trials', () => {
  test('a new admin lands on the trial offer, starts the English Test trial and gets its page', async ({
    page,
  }) => {
    await signUpAdmin(page, uniqueEmail('trial'), 'Trial Ltd');
    // Never an empty dashboard: the offer of every product.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: PLANS_LABELS.offerTitle })).toBeVisible();
    for (const name of ['Record Meeting', 'English Test', 'Onboarding', 'English Learning App']) {
      await expect(page.getByRole('button', { name: PLANS_LABELS.startTrialOf(name) })).toBeVisible();
    }
    await expect(nav(page).getByRole('link', { name: 'English Test' })).toHaveCount(0);
    await shot(page, 'offer');

    await page.getByRole('button', { name: PLANS_LABELS.startTrialOf('English Test') }).click();
    const started = dialog(page, PLANS_LABELS.startedTitle);
    await expect(started.getByText(/You can use English Test free until \d+ \w+ \d{4}\./)).toBeVisible();
    await expect(started.getByText('Free trial ends in 7 days.', { exact: false })).toBeVisible();
    await shot(page, 'started');
    await started.getByRole('button', { name: PLANS_LABELS.open('English Test') }).click();

    await expect(page).toHaveURL(/\/dashboard\/test$/);
    await expect(page.getByRole('heading', { name: RT_LABELS.pageTitle, exact: true })).toBeVisible();
    await expect(page.getByTestId('plan-prompt')).toContainText(PLAN_TEXTS.trialEnds('in 7 days'));
    await expect(page.getByTestId('tests-left')).toHaveText(
      RECRUITMENT_TEXTS.testsLeft(TRIAL_GRANTS.recruitmentTests),
    );
    await expect(nav(page).getByRole('link', { name: 'English Test' })).toBeVisible();
    await shot(page, 'english-test');

    // A second visit to /dashboard opens the product; no trial-ended modal during a trial.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/test$/);
    await expect(page.getByTestId('plan-prompt')).toContainText(PLAN_TEXTS.trialEnds('in 7 days'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the English Test page of a workspace without access offers its trial instead of its content', async ({
    page,
  }) => {
    await signUpAdmin(page, uniqueEmail('gate'), 'Gate Ltd');
    await page.goto('/dashboard/test');
    await expect(
      page.getByRole('heading', { name: PLANS_LABELS.productOfferTitle('English Test') }),
    ).toBeVisible();
    await expect(page.getByTestId('tests-left')).toHaveCount(0);
    await page.getByRole('button', { name: PLANS_LABELS.startTrialOf('English Test') }).click();
    await dialog(page, PLANS_LABELS.startedTitle)
      .getByRole('button', { name: PLANS_LABELS.open('English Test') })
      .click();
    await expect(page.getByTestId('tests-left')).toHaveText(
      RECRUITMENT_TEXTS.testsLeft(TRIAL_GRANTS.recruitmentTests),
    );
  });

  test('a trial with every test sent: the tests limit, Compare plans and Contact us', async ({ page }) => {
    const email = uniqueEmail('spent');
    await signUpAdmin(page, email, 'Spent Ltd');
    await spendTrialTests(page.request, email);
    await page.goto('/dashboard/test');
    await expect(page.getByTestId('tests-left')).toHaveText(RECRUITMENT_TEXTS.testsLeft(0));
    await page.getByRole('button', { name: RT_LABELS.sendTest }).click();
    const limit = dialog(page, PLAN_TEXTS.limitTests);
    await expect(limit.getByText(PLAN_TEXTS.needMoreTests)).toBeVisible();
    await limit.getByRole('button', { name: PLANS_LABELS.comparePlans }).click();

    const plans = dialog(page, UPGRADE_LABELS.title);
    await expect(plans.getByTestId('plan-card-record-meeting')).toContainText('€100 per licence per month');
    await expect(plans.getByTestId('plan-card-english-test')).toContainText('€10 per test');
    await expect(plans.getByTestId('plan-card-english-learning-app')).toContainText(
      UPGRADE_LABELS.priceOnRequest,
    );
    await shot(page, 'plans');
    await plans
      .getByTestId('plan-card-english-test')
      .getByRole('button', { name: /Contact us/ })
      .click();
    const contact = page.getByRole('dialog');
    await expect(contact.getByLabel('Email')).toHaveValue(email);
    await expect(contact.getByLabel('Message')).toHaveValue(/English Test/);
    await contact.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText(billingTexts.contactSuccess)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
