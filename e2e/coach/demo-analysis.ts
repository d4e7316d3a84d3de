import { type APIRequestContext, expect } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { coachSession } from '../fixtures/api';

/** The demo sessions are analysed by the server after it starts: a minute or two on a quiet machine. */
export const DEMO_ANALYSIS_TIMEOUT_MS = 8 * 60_000;

/**
 * Waits until every demo session of the seeded coach has been analysed (done or failed), so the
 * journeys see the feedback, reports and insights the pipeline produced.
 */
export async function waitForDemoAnalysis(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        // Access tokens live 5 s in the journeys: sign in for each look.
        const { accessToken } = await coachSession(request, seeded.coach.email, seeded.coach.password);
        const response = await request.get('/api/sessions', {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        if (!response.ok()) return 'unavailable';
        const { items } = (await response.json()) as { items: { analysis: { status: string } }[] };
        if (items.length === 0) return 'no sessions';
        return items.every((s) => s.analysis.status === 'done' || s.analysis.status === 'failed')
          ? 'analysed'
          : 'analysing';
      },
      { timeout: DEMO_ANALYSIS_TIMEOUT_MS, intervals: [3000] },
    )
    .toBe('analysed');
}
