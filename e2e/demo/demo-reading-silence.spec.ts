import { expect, test } from '@playwright/test';
import { fakeMicLaunch, holdRecord } from './demo-mic.ts';

// The fake microphone plays faint noise and no speech, as a muted or unplugged microphone would.
test.use({ launchOptions: fakeMicLaunch('silence.wav') });

test('a reading in which the server hears no speech says so and what to do, not "Something went wrong"', async ({
  page,
}) => {
  await page.goto('/demo');
  await holdRecord(page, 2_500);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'No speech was heard in the recording. Check that your microphone is on and speak close to it, then record again.',
    { timeout: 30_000 },
  );
  // Sending the same silent take again would be refused again: no Try again, a new take is possible.
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Press and hold to record' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/demo-reading-no-speech.png', fullPage: true });
});
