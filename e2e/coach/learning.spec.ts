import { articleTexts, PRACTISE_HEADING } from '@agaton/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { coachSession, storeTokens } from '../fixtures/api';

const TH_TITLE = 'The two th sounds: think and this';

/** The image has been fetched and decoded (a broken cover has no natural width). */
async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** With SCREENSHOTS=1, the page as it looks at desktop and phone width, for review. */
async function capture(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: `test-results/screens/${name}-desktop.png`, fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screens/${name}-phone.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

test.describe('learning', () => {
  test.beforeEach(async ({ page, request }) => {
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
  });

  test('the demo coach opens Learning from the menu, reads an article and goes back by the breadcrumb', async ({
    page,
  }) => {
    await page.goto('/coach');
    await page.getByRole('link', { name: 'Learning', exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/learning$/);
    await expect(page.getByRole('heading', { level: 1, name: articleTexts.heading })).toBeVisible();

    const cards = page.getByTestId('article-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    const th = cards.filter({ hasText: TH_TITLE });
    await expect(th).toContainText('English spells two different sounds as "th".');
    await expectLoaded(th.getByTestId('article-cover'));
    await capture(page, 'learning-list');

    await th.click();
    await expect(page).toHaveURL(/\/coach\/learning\/the-two-th-sounds$/);
    await expect(page.getByRole('heading', { level: 1, name: TH_TITLE })).toBeVisible();
    const crumbs = page.getByTestId('article-breadcrumbs');
    await expect(crumbs).toContainText(TH_TITLE);
    await expectLoaded(page.getByTestId('article-cover'));
    const practise = page.getByTestId('practise-section');
    await expect(practise.getByRole('heading', { name: PRACTISE_HEADING })).toBeVisible();
    expect(await practise.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    await capture(page, 'learning-article');

    // An article's links to others stay inside the app.
    await page
      .getByTestId('article-content')
      .getByRole('link', { name: 'Numbers and dates that people hear right' })
      .click();
    await expect(page).toHaveURL(/\/coach\/learning\/presenting-numbers-and-dates$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Numbers and dates that people hear right' }),
    ).toBeVisible();

    await crumbs.getByRole('link', { name: articleTexts.breadcrumb }).click();
    await expect(page).toHaveURL(/\/coach\/learning$/);
    await expect(cards.first()).toBeVisible();
  });

  test('an article that does not exist says so, with a way back', async ({ page }) => {
    await page.goto('/coach/learning/no-such-article');
    await expect(page.getByRole('alert')).toHaveText(articleTexts.notFound);
    await capture(page, 'learning-not-found');
    await page.getByRole('link', { name: articleTexts.backToLearning }).click();
    await expect(page).toHaveURL(/\/coach\/learning$/);
    await expect(page.getByTestId('article-card').first()).toBeVisible();
  });
});
