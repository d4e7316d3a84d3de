import { expect, test } from '@playwright/test';
import { expectFitsPhone } from '../fixtures/phone';
import { fakeMicLaunch, holdRecord } from './demo-mic.ts';

// Chromium's fake microphone plays a flite reading of the first LOW sentence of the business set.
test.use({ launchOptions: fakeMicLaunch('reading-low-1.wav') });

test('on a phone a visitor reads a sentence and sees its scores on screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/demo');
  await expect(page.getByTestId('reading-sentence')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Press and hold to record' })).toBeInViewport();
  await expectFitsPhone(page);
  await holdRecord(page, 5_500);
  const panel = page.getByTestId('results-panel');
  await expect(panel).toBeVisible({ timeout: 45_000 });
  await expect(panel.getByTestId('coloured-sentence').locator('span[data-band]')).toHaveCount(9);
  await panel.getByTestId('overall-score').scrollIntoViewIfNeeded();
  await expect(panel.getByTestId('overall-score')).toHaveText(/^\d{1,3}$/);
  await expect(panel.getByTestId('intelligibility')).toHaveText(/High|Medium|Low/);
  await expect(panel.getByTestId('rate-gauge')).toBeVisible();
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Next sentence' }).click();
  await expect(page.getByTestId('task-position')).toHaveText('Sentence 2 of 6');
});
