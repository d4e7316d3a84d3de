import { expect, test } from '@playwright/test';
import { DEMO_INVENTED_TEXTS as T } from '../../apps/web/src/features/demo/texts';
import { expectAccessible } from '../fixtures/axe.ts';
import { fakeMicLaunch, holdRecord } from './demo-mic.ts';

// The fake microphone answers "Describe a normal working day" (about 17 s of flite speech).
test.use({ launchOptions: fakeMicLaunch('free-answer.wav') });

test('a free answer is transcribed and scored, then the results view shows the CEFR band', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/free-speech-demo');
  await expect(page.getByTestId('task-position')).toHaveText('Topic 1 of 3');
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expectAccessible(page, 'the free-speech demo');
  await page.getByRole('button', { name: 'Next topic' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('task-position')).toHaveText('Topic 1 of 3');
  await holdRecord(page, 17_000);
  await expect(page.getByTestId('scoring-loader')).toBeVisible();
  const panel = page.getByTestId('results-panel');
  await expect(panel).toBeVisible({ timeout: 90_000 });
  const transcript = (await panel.getByTestId('transcript').textContent()) ?? '';
  expect(transcript.split(/\s+/).length).toBeGreaterThan(15);
  expect(transcript.toLowerCase()).toMatch(/morning|work|day/);
  await expect(page.getByTestId('believability')).toHaveText(/\d+ \/ 100/);
  // Honest free speech: the share of words that could be scored, and greyed words carry no score.
  await expect(panel.getByTestId('scored-share')).toHaveText(
    /^\d+ of \d+ words \(\d+%\) were clear enough to score sound by sound\./,
  );
  for (const word of await panel.locator('[data-uncertain]').all()) {
    await expect(word).not.toHaveAttribute('data-score');
  }
  await expect(page.getByTestId('answer-issue')).toHaveCount(0);
  await expectAccessible(page, 'the free-speech demo with a scored answer');
  await page.screenshot({ path: 'test-results/demo-free-speech-scored.png', fullPage: true });

  // Skip to the last topic: next is hidden there, and finishing builds the free-speech-only result.
  await page.getByRole('button', { name: 'Next topic' }).click();
  await page.getByRole('button', { name: 'Next topic' }).click();
  await expect(page.getByTestId('task-position')).toHaveText('Topic 3 of 3');
  await expect(page.getByRole('button', { name: 'Next topic' })).toHaveCount(0);
  await page.getByRole('button', { name: 'See my results' }).click();
  const results = page.getByTestId('test-results');
  await expect(results).toBeVisible();
  await expect(results.getByTestId('cefr-band')).toHaveText(/^(A1|A2|B1|B2|C1|C2)$/);
  await expect(results.getByTestId('levels-completed')).toHaveText('1 of 3');
  await expect(results.getByText(T.finishReason.FULL_COMPLETE)).toBeVisible();
  await expect(results.getByTestId('result-reading')).toHaveCount(0);
  await expectAccessible(page, 'the demo results');
  // The end leads somewhere: coach sign-up, or sales for the English Test.
  const next = results.getByTestId('demo-next-steps');
  await expect(next.getByRole('link', { name: T.coachAction })).toHaveAttribute('href', '/coach/signup');
  await next.getByRole('button', { name: 'Contact sales' }).click();
  await expect(page.getByRole('dialog').getByLabel('Message')).toHaveValue(/English Test/);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/demo-test-results.png', fullPage: true });
});
