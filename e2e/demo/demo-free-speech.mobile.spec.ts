import { expect, test } from '@playwright/test';
import { expectFitsPhone } from '../fixtures/phone';
import { fakeMicLaunch, holdRecord } from './demo-mic.ts';

// The fake microphone answers "Describe a normal working day" (about 17 s of flite speech).
test.use({ launchOptions: fakeMicLaunch('free-answer.wav') });

test('on a phone a visitor answers a topic and reaches the results with their CEFR band', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/free-speech-demo');
  await expect(page.getByTestId('topic')).toBeInViewport();
  await expectFitsPhone(page);
  await holdRecord(page, 17_000);
  const panel = page.getByTestId('results-panel');
  await expect(panel).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByTestId('overall-score')).toHaveText(/^\d{1,3}$/);
  await expect(panel.getByTestId('transcript')).toBeVisible();
  await expectFitsPhone(page);

  await page.getByRole('button', { name: 'Next topic' }).click();
  await page.getByRole('button', { name: 'Next topic' }).click();
  await page.getByRole('button', { name: 'See my results' }).click();
  const results = page.getByTestId('test-results');
  await expect(results.getByTestId('cefr-band')).toHaveText(/^(A1|A2|B1|B2|C1|C2)$/);
  await expect(results.getByTestId('cefr-band')).toBeInViewport();
  await expect(results.getByTestId('levels-completed')).toHaveText('1 of 3');
  await expectFitsPhone(page);
});
