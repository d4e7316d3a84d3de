import type { SessionMetrics } from '@agaton/contracts';
import { sessionsPageSchema } from '@agaton/contracts';
import { sessions } from '@agaton/db';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { metricsWith } from '../speaking/session-metrics.test-helper.ts';

// Issue 28: the Sessions list shows each analysed session's overall score, so progress shows there.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Status = 'queued' | 'running' | 'done' | 'failed';

/** A session of `userId` stored as the analysis leaves it. */
async function storeSession(userId: string, day: string, status: Status, metrics: SessionMetrics | null) {
  const startedAt = new Date(`${day}T09:00:00Z`);
  await t.db.insert(sessions).values({
    userId,
    startedAt,
    endedAt: new Date(startedAt.getTime() + 600_000),
    declaredSeconds: 600,
    objectKey: `recordings/${userId}/${day}.ogg`,
    contentType: 'audio/ogg',
    sizeBytes: 100,
    sha256: `sha-${userId}-${day}`,
    status,
    stage: status === 'done' ? 'done' : 'scoring',
    percent: status === 'done' ? 100 : 60,
    metrics,
  });
}

describe('sessions list', () => {
  it("gives each analysed session's overall score, and none before the analysis or for too few words", async () => {
    const user = await buildUser(t.db, { email: 'scores@example.com' });
    await storeSession(user.id, '2026-11-23', 'done', metricsWith({ total: 64, wordsSaid: 180 }));
    await storeSession(user.id, '2026-11-24', 'done', metricsWith({ total: 71, wordsSaid: 200 }));
    await storeSession(user.id, '2026-11-25', 'done', metricsWith({ total: 40, wordsSaid: 4 }));
    await storeSession(user.id, '2026-11-26', 'running', null);
    const token = (await signIn(t.app, user.email, FACTORY_PASSWORD)).accessToken;

    const res = await call(t.app, 'GET', '/api/sessions?limit=25', { token });
    expect(res.statusCode, res.body).toBe(200);
    const page = sessionsPageSchema.parse(res.json());
    expect(page.items.map((s) => [s.analysis.status, s.overallScore])).toEqual([
      ['running', null],
      ['done', null],
      ['done', 71],
      ['done', 64],
    ]);
  });
});
