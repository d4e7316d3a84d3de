import { expect, type Page, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { adminSession, coachSession, storeTokens } from '../fixtures/api';

/**
 * Issue 28: every page logged "Error with Permissions-Policy header: Unrecognized feature:
 * 'bluetooth'", and a demo page opened directly warned about a missing HydrateFallback. A person
 * with the console open should see nothing on the pages they use.
 */
async function consoleOf(page: Page, path: string): Promise<string[]> {
  const messages: string[] = [];
  const listen = (message: { type(): string; text(): string }) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  };
  page.on('console', listen);
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  await page.goto(path);
  await expect(page.locator('h1, h2').first()).toBeVisible({ timeout: 30_000 });
  // Lazy pages and their first queries settle.
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(500);
  page.off('console', listen);
  return messages;
}

test.describe('the browser console', () => {
  // Several pages each, every one waited for until it has loaded.
  test.describe.configure({ timeout: 180_000 });

  test('stays quiet on the signed-out pages and the demo', async ({ page }) => {
    for (const path of ['/auth', '/signup', '/coach/auth', '/coach/signup', '/candidate', '/demo']) {
      expect(await consoleOf(page, path), path).toEqual([]);
    }
  });

  test("stays quiet on an admin's dashboard pages", async ({ page }) => {
    await storeTokens(
      page,
      'admin',
      await adminSession(page.request, seeded.admin.email, seeded.admin.password),
    );
    for (const path of [
      '/dashboard/test',
      '/dashboard/training',
      '/dashboard/assistant',
      '/dashboard/assistant?tab=users',
      '/dashboard/settings',
    ]) {
      expect(await consoleOf(page, path), path).toEqual([]);
    }
  });

  test("stays quiet on a coach's pages", async ({ page }) => {
    await storeTokens(
      page,
      'user',
      await coachSession(page.request, seeded.coach.email, seeded.coach.password),
    );
    for (const path of ['/coach', '/coach/sessions', '/coach/learning', '/coach/pricing']) {
      expect(await consoleOf(page, path), path).toEqual([]);
    }
  });
});

test('robots.txt is the app’s own, a valid file for crawlers', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await response.text()).split('\n').filter(Boolean);
  expect(lines[0]).toBe('User-agent: *');
  for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow): \/?\S*$/);
});
