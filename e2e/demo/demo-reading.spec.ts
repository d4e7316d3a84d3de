import { expect, test } from '@playwright/test';
import { expectAccessible, expectFocusVisible, tabTo } from '../fixtures/axe.ts';
import { fakeMicLaunch, holdRecord } from './demo-mic.ts';

// Chromium's fake microphone plays a flite reading of the first LOW sentence of the business set.
test.use({ launchOptions: fakeMicLaunch('reading-low-1.wav') });

test.describe('reading demo', () => {
  test('a read sentence is scored and shown with every word coloured by its score', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/demo');
    await expect(page.getByTestId('reading-sentence')).toHaveText(
      'We start our team meeting at nine every Monday.',
    );
    await expect(page.getByRole('button', { name: 'Next sentence' })).toHaveCount(0);
    await expectAccessible(page, 'the reading demo');
    await holdRecord(page, 5_500);
    await expect(page.getByTestId('scoring-loader')).toBeVisible();
    const panel = page.getByTestId('results-panel');
    await expect(panel).toBeVisible({ timeout: 45_000 });
    const words = panel.getByTestId('coloured-sentence').locator('span[data-band]');
    await expect(words).toHaveCount(9);
    const bands = await words.evaluateAll((spans) => spans.map((s) => s.getAttribute('data-band')));
    expect(bands.every((b) => ['negative', 'warning', 'positive'].includes(b ?? ''))).toBe(true);
    const overall = Number(await panel.getByTestId('overall-score').textContent());
    expect(overall).toBeGreaterThan(40);
    await expect(panel.getByTestId('intelligibility')).toHaveText(/High|Medium|Low/);
    await expect(panel.getByTestId('rate-gauge')).toBeVisible();
    await expectAccessible(page, 'the reading demo with a scored sentence');
    await page.screenshot({ path: 'test-results/demo-reading-scored.png', fullPage: true });
    await page.getByRole('button', { name: 'Next sentence' }).click();
    await expect(page.getByTestId('task-position')).toHaveText('Sentence 2 of 6');
    await expect(page.getByTestId('results-panel')).toHaveCount(0);
  });

  test('the record button is reached with Tab, shows its focus, and records while Space is held', async ({
    page,
  }) => {
    await page.goto('/demo');
    const record = page.getByRole('button', { name: 'Press and hold to record' });
    await tabTo(page, record);
    await expectFocusVisible(record);
    await page.keyboard.down('Space');
    await expect(page.getByRole('button', { name: 'Recording – release to stop' })).toBeFocused();
    await page.waitForTimeout(2_000);
    await page.keyboard.up('Space');
    await expect(page.getByTestId('scoring-loader')).toBeVisible();
  });

  test('a busy scoring service is waited for and retried, then the score is shown', async ({ page }) => {
    test.setTimeout(90_000);
    let refused = 0;
    // The first attempt meets a full analysis queue; the retry reaches the real server.
    await page.route('**/api/score/public/phrase', async (route) => {
      if (refused++ > 0) return route.continue();
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '2' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'BUSY', message: 'Scoring is busy right now.' } }),
      });
    });
    await page.goto('/demo');
    await holdRecord(page, 5_500);
    await expect(page.getByTestId('scoring-busy')).toHaveText(/^Many people are practising right now/);
    await page.getByTestId('scoring-loader').screenshot({ path: 'test-results/demo-busy.png' });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('results-panel')).toBeVisible({ timeout: 45_000 });
    expect(refused).toBe(2);
  });

  test('a recording shorter than 500 ms is rejected and not scored', async ({ page }) => {
    const scoreCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/score/') && scoreCalls.push(r.url()));
    await page.goto('/demo');
    await holdRecord(page, 100);
    await expect(page.getByRole('status')).toHaveText('Recording was too short. Please try again.');
    await expect(page.getByTestId('results-panel')).toHaveCount(0);
    expect(scoreCalls).toEqual([]);
  });

  test('an unknown company redirects to the base route; a known one shows its wordmark', async ({ page }) => {
    await page.goto('/demo/no-such-company');
    await expect(page).toHaveURL(/\/demo$/);
    await expect(page.getByTestId('company-wordmark')).toHaveCount(0);
    await page.goto('/free-speech-demo/nobody');
    await expect(page).toHaveURL(/\/free-speech-demo$/);
    await page.goto('/demo/volition%20capital');
    await expect(page.getByTestId('company-wordmark')).toContainText('Volition Capital');
    // The shared product logo, as in the app shells, beside the company's wordmark.
    const header = page.getByTestId('demo-header');
    await expect(header.getByText('Agaton', { exact: true })).toBeVisible();
    await header.screenshot({ path: 'test-results/demo-header.png' });
    await page.screenshot({ path: 'test-results/demo-company.png', fullPage: true });
  });
});
