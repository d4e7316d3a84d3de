import { type APIRequestContext, expect } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { adminSession } from '../fixtures/api';

/** The demo candidate who takes the English test when the server first starts (apps/api/src/seed). */
export const DEMO_TESTED_CANDIDATE = { name: 'Dana Whitfield', email: 'dana@agaton.local' } as const;

/**
 * Waits until the server's start-up seeding has had the demo candidate take and finish the English
 * test (six readings scored: well under a minute on a quiet machine), so the journeys see its report
 * and the organisation's tests left no longer move under them.
 */
export async function waitForDemoEnglishTest(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        // Access tokens live 5 s in the journeys: sign in for each look.
        const { accessToken } = await adminSession(request, seeded.admin.email, seeded.admin.password);
        const response = await request.get('/api/admin/challenges', {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        if (!response.ok()) return 'unavailable';
        const list = (await response.json()) as { candidateEmail: string; completedAt: string | null }[];
        const demo = list.find((c) => c.candidateEmail === DEMO_TESTED_CANDIDATE.email);
        return demo?.completedAt ? 'done' : 'taking the test';
      },
      { timeout: 5 * 60_000, intervals: [2000] },
    )
    .toBe('done');
}
