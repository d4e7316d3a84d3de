import { expect, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';

// A common laptop screen, where the eight tabs used to wrap to a second line (issue 28).
test.use({ viewport: { width: 1366, height: 768 } });

test('at 1366 px the assistant’s eight tabs sit on one line, all of them on screen', async ({
  page,
  request,
}) => {
  await storeTokens(page, 'admin', await adminSession(request, seeded.admin.email, seeded.admin.password));
  await page.goto('/dashboard/assistant');
  const tabs = page.getByRole('tablist').getByRole('tab');
  // The first load waits on a server busy analysing the demo sessions.
  await expect(tabs).toHaveCount(8, { timeout: 30_000 });
  const lines = await tabs.evaluateAll(
    (all) => new Set(all.map((t) => Math.round(t.getBoundingClientRect().top))).size,
  );
  expect(lines).toBe(1);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
});
