import { expect, test } from '@playwright/test';
import { fakeMicLaunch, holdRecord } from './demo-mic.ts';

// The fake microphone talks about a cat, a lake and a guitar (about 14 s of flite speech): nothing
// about the first topic, a normal working day.
test.use({ launchOptions: fakeMicLaunch('off-topic-answer.wav') });

test('an off-topic answer scores low and says why', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/free-speech-demo');
  await expect(page.getByTestId('topic')).toContainText('normal working day');
  await holdRecord(page, 16_000);
  const panel = page.getByTestId('results-panel');
  await expect(panel).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByTestId('answer-issue')).toContainText('did not address the topic');
  const overall = Number(await panel.getByTestId('overall-score').textContent());
  expect(overall).toBeLessThan(50);
  await expect(panel.getByText('Content', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/demo-free-speech-off-topic.png', fullPage: true });
});
