import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';

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

/**
 * Press and hold the record button with the mouse for `ms` of recording, then release. The release
 * is timed inside the page from the moment the button says it is recording, so a busy machine (the
 * round trips of a loaded test run) cannot stretch a short hold past the 500 ms minimum.
 */
export async function holdRecord(page: Page, ms: number) {
  const button = page.getByRole('button', { name: 'Press and hold to record' });
  await button.hover();
  await page.mouse.down();
  await page.evaluate(async (holdMs) => {
    const recording = () => document.querySelector('[aria-label="Recording – release to stop"]');
    while (!recording()) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => setTimeout(r, holdMs));
    recording()?.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
  }, ms);
  await page.mouse.up();
}

/**
 * A fingerprint (SHA-256) of the recording a multipart request carries in its `audio` file, the
 * boundaries and other fields left out: two requests with the same fingerprint sent the same take.
 */
export function recordingSent(request: Request): string {
  const body = request.postDataBuffer() ?? Buffer.alloc(0);
  const boundary = body.subarray(0, body.indexOf('\r\n')).toString();
  const file = body.indexOf('name="audio"');
  if (!boundary || file < 0) throw new Error('The request carries no "audio" file.');
  const start = body.indexOf('\r\n\r\n', file) + 4;
  const end = body.indexOf(`\r\n${boundary}`, start);
  return createHash('sha256').update(body.subarray(start, end)).digest('hex');
}
