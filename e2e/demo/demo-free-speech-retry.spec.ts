import { expect, test } from '@playwright/test';
import { fakeMicLaunch, holdRecord, recordingSent } from './demo-mic.ts';

// The fake microphone answers "Describe a normal working day" (about 17 s of flite speech); 10 s of it
// are recorded, which keeps the real scoring after Try again short on a loaded machine.
test.use({ launchOptions: fakeMicLaunch('free-answer.wav') });

test('a free answer whose scoring timed out is kept, and Try again scores the same recording', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The scoring times out under load until the demo stops waiting (it asks again after each
  // Retry-After, three times); the request after that reaches the server.
  const timedOut = 4;
  const sent: string[] = [];
  await page.route('**/api/score/public/free-speech', async (route) => {
    sent.push(recordingSent(route.request()));
    if (sent.length > timedOut) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      json: { error: { code: 'TIMEOUT', message: 'Scoring took too long. Please try again.' } },
    });
  });

  await page.goto('/free-speech-demo');
  await expect(page.getByTestId('topic')).toContainText('normal working day');
  await holdRecord(page, 10_000);
  await expect(page.getByTestId('scoring-busy')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Oops! Obtaining your score failed. Please try again.', {
    timeout: 30_000,
  });
  expect(sent).toHaveLength(timedOut);
  await expect(
    page.getByText('Your recording is kept. Send it again, or record a new answer.'),
  ).toBeVisible();
  // Recording a new answer instead stays possible.
  await expect(page.getByRole('button', { name: 'Press and hold to record' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/demo-free-speech-try-again.png', fullPage: true });

  await page.getByRole('button', { name: 'Try again' }).click();
  const panel = page.getByTestId('results-panel');
  await expect(panel).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByTestId('overall-score')).toHaveText(/^\d+$/);
  expect((await panel.getByTestId('transcript').textContent())?.toLowerCase()).toMatch(/morning|work|day/);
  // The error is gone (a content note such as an off-topic verdict may stand: 10 s of the answer is
  // not all of it).
  await expect(page.getByRole('alert').filter({ hasText: 'Obtaining your score failed' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // Every request carried the one recording made: nothing was recorded again.
  expect(sent).toHaveLength(timedOut + 1);
  expect(new Set(sent).size).toBe(1);
});
