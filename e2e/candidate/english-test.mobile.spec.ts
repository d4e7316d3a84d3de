/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';

/** The seeded demo candidate (packages/db seed): signing in draws their test; no part is started here. */
const DEMO_CANDIDATE = { email: 'candidate@agaton.local', code: 'DEMO-TEST-1' };

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('on a phone the welcome and a part introduction fit the screen', async ({ page }) => {
  await page.goto('/candidate');
  await page.getByLabel('Email').fill(DEMO_CANDIDATE.email);
  await page.getByLabel('Test code').fill(DEMO_CANDIDATE.code);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your microphone' })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: 'test-results/english-test-mobile-welcome.png', fullPage: true });

  await page.getByRole('button', { name: /^(Start|Continue) the test$/ }).click();
  await expect(page).toHaveURL(/\/assessment$/);
  await expect(page.getByRole('heading', { name: /^Before you start / })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Test progress' })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: 'test-results/english-test-mobile-intro.png', fullPage: true });
});
