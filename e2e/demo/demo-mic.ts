import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Absolute path of a fake-microphone recording (made by e2e/fixtures/audio/make-audio.sh). */
export const micFile = (name: string) => fileURLToPath(new URL(`../fixtures/audio/${name}`, import.meta.url));

/**
 * Launch options for Chromium with a fake microphone playing `file` in a loop and the permission
 * prompt auto-accepted. They replace the config's launch options, so the base flags are repeated.
 */
export function fakeMicLaunch(file: string) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micFile(file)}`,
    ],
  };
}

/** Press and hold the record button with the mouse for `ms`, then release. */
export async function holdRecord(page: Page, ms: number) {
  const button = page.getByRole('button', { name: 'Press and hold to record' });
  await button.hover();
  await page.mouse.down();
  await page.getByText('Recording… release to stop').waitFor();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}
