import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  coachingReportSchema,
  coachingReportsPageSchema,
  insightsSchema,
  RECORD_MEETING_MONTHLY_MINUTES,
  type SessionProfile,
  sessionProfileSchema,
  sessionsPageSchema,
} from '@agaton/contracts';
import { users } from '@agaton/db';
import { buildAdmin, buildMember, buildOrg, buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { UPLOAD_TEXTS } from '../recordings/recording-upload.ts';
import { multipart } from '../scoring/scoring.test-helper.ts';

/** A real learner's recording (speechocean762, 33 s): one of the demo coach's sessions. */
const RECORDING = readFileSync(new URL('../../seed/demo-recordings/speaker-2251.ogg', import.meta.url));
const START = '2026-11-20T09:00:00.000Z';
const END = '2026-11-20T09:00:33.230Z';

function upload(
  app: TestApp['app'],
  token: string,
  fields: Record<string, string>,
  data = RECORDING,
  filename = 'meeting.ogg',
) {
  const body = multipart(fields, { name: 'files', filename, contentType: 'audio/ogg', data });
  return app.inject({
    method: 'POST',
    url: '/api/sessions/recordings',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

async function untilAnalysed(app: TestApp['app'], token: string, id: string): Promise<SessionProfile> {
  for (let i = 0; i < 600; i++) {
    const res = await call(app, 'GET', `/api/sessions/${id}`, { token });
    const profile = sessionProfileSchema.parse(res.json());
    if (profile.analysis.status === 'done' || profile.analysis.status === 'failed') return profile;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('analysis did not finish');
}

/** Files the object store holds for a user. */
function storedFiles(t: TestApp, userId: string): string[] {
  try {
    return readdirSync(join(t.config.DATA_DIR, 'objects', 'recordings', userId)).filter(
      (f) => !f.startsWith('.'),
    );
  } catch {
    return [];
  }
}

describe('sessions: upload → analysis job → profile, reports and insights', () => {
  let t: TestApp;
  let coach: { id: string; email: string };
  let token: string;
  let meetingId: string;
  let profile: SessionProfile;

  beforeAll(async () => {
    t = await createTestApp({}, { analysisWorkers: true });
    coach = await buildUser(t.db, { password: 'Agaton123' });
    token = (await signIn(t.app, coach.email, 'Agaton123')).accessToken;
    const res = await upload(t.app, token, {
      username: coach.email,
      startTime: START,
      endTime: END,
      sessionType: 'default',
    });
    expect(res.statusCode, res.body).toBe(202);
    meetingId = res.json().meetingId;
    profile = await untilAnalysed(t.app, token, meetingId);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('analyses the recording into the session profile of the spec', () => {
    expect(profile.analysis).toMatchObject({ status: 'done', stage: 'done', percent: 100, error: null });
    expect(profile.durationSeconds).toBeGreaterThanOrEqual(32);
    expect(profile.durationSeconds).toBeLessThanOrEqual(34);
    expect(profile.wordsSaid).toBeGreaterThan(20);
    expect(profile.transcript?.split(' ').length).toBeGreaterThan(20);
    expect(profile.evaluation).toBeTruthy();
    expect(profile.highlights.length).toBeGreaterThan(0);
    expect(profile.blocks.length).toBeGreaterThan(0);
    expect(profile.subProfiles.pronunciationProfile?.overallScore).toBeGreaterThan(0);
    expect(profile.subProfiles.fluencyProfile).toBeDefined();
    expect(profile.subProfiles.intelligibillityProfile).toBeDefined();
    expect(profile.words.length).toBeGreaterThan(20);
    expect(profile.words.every((w, i) => i === 0 || w.start >= profile.words[i - 1].start)).toBe(true);
  });

  it('links learning articles for what the session shows to be weakest, each one real', async () => {
    const links = profile.recommendedArticles ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const article = await call(t.app, 'GET', `/api/articles/${link.slug}`, { token });
      expect(article.statusCode).toBe(200);
      expect(article.json().title).toBe(link.title);
    }
  });

  it('charges the minutes once, rounded up, and a second upload of the same file is the same session', async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, coach.id));
    expect(before.availableRecordingMinutes).toBe(99);
    const again = await upload(t.app, token, { username: coach.email, startTime: START, endTime: END });
    expect(again.statusCode).toBe(202);
    expect(again.json().meetingId).toBe(meetingId);
    const [after] = await t.db.select().from(users).where(eq(users.id, coach.id));
    expect(after.availableRecordingMinutes).toBe(99);
    expect(storedFiles(t, coach.id)).toHaveLength(1);
  });

  it('lists the session newest first with its analysis state', async () => {
    const res = await call(t.app, 'GET', '/api/sessions?limit=25', { token });
    const page = sessionsPageSchema.parse(res.json());
    expect(page.items.map((s) => s.id)).toEqual([meetingId]);
    expect(page.items[0].timestampSeconds).toBe(Date.parse(START) / 1000);
    expect(page.nextCursor).toBeNull();
  });

  it('plays the recording from the signed link, with ranges, and refuses a forged one', async () => {
    const url = profile.recordingUrl ?? '';
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(RECORDING)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${RECORDING.length}`);
    expect(part.rawPayload.equals(RECORDING.subarray(10, 20))).toBe(true);
    const forged = await t.app.inject({
      method: 'GET',
      url: url.replace(/signature=[^&]+/, 'signature=abc'),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('writes a coaching report for the session and one for its week', async () => {
    const res = await call(t.app, 'GET', '/api/coaching-reports?limit=25', { token });
    const page = coachingReportsPageSchema.parse(res.json());
    expect(page.items.map((r) => r.meta.type).sort()).toEqual(['PER_PERIOD', 'PER_SESSION']);
    const week = page.items.find((r) => r.meta.type === 'PER_PERIOD');
    expect(week?.meta).toMatchObject({ sessionsAnalyzed: 1, timePeriodStart: '2026-11-16T00:00:00.000Z' });
    const one = await call(t.app, 'GET', `/api/coaching-reports/${page.items[0].coachingReportId}`, {
      token,
    });
    const report = coachingReportSchema.parse(one.json());
    expect(report.blocks.length).toBeGreaterThan(1);
    expect(report.recommendedArticles).toEqual(profile.recommendedArticles);
  });

  it('builds insights from the analysed session', async () => {
    const res = await call(t.app, 'GET', '/api/sessions/insights', { token });
    const insights = insightsSchema.parse(res.json());
    expect(insights.sessions.map((s) => s.id)).toEqual([meetingId]);
  });

  it("keeps each coach's sessions and reports to themselves", async () => {
    const other = await buildUser(t.db, { password: 'Agaton123' });
    const otherToken = (await signIn(t.app, other.email, 'Agaton123')).accessToken;
    expect((await call(t.app, 'GET', `/api/sessions/${meetingId}`, { token: otherToken })).statusCode).toBe(
      404,
    );
    const reports = await call(t.app, 'GET', '/api/coaching-reports', { token: otherToken });
    expect(coachingReportsPageSchema.parse(reports.json()).items).toEqual([]);
    const mine = coachingReportsPageSchema.parse(
      (await call(t.app, 'GET', '/api/coaching-reports', { token })).json(),
    );
    const id = mine.items[0].coachingReportId;
    expect((await call(t.app, 'GET', `/api/coaching-reports/${id}`, { token: otherToken })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, 'GET', `/api/coaching-reports?forUserId=${coach.id}`, { token: otherToken }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/sessions')).statusCode).toBe(401);
  });

  it('lets an organisation admin read a member it manages, and nobody else', async () => {
    const org = await buildOrg(t.db);
    const admin = await buildAdmin(t.db, { orgId: org.id, password: 'Agaton123' });
    const adminToken = (await signIn(t.app, admin.email, 'Agaton123', 'whiskey-admin')).accessToken;
    const outsider = await call(t.app, 'GET', `/api/coaching-reports?forUserId=${coach.id}`, {
      token: adminToken,
    });
    expect(outsider.statusCode).toBe(404);
    await buildMember(t.db, { orgId: org.id, email: coach.email, userId: coach.id });
    const member = await call(t.app, 'GET', `/api/coaching-reports?forUserId=${coach.id}`, {
      token: adminToken,
    });
    expect(member.statusCode).toBe(200);
    expect(coachingReportsPageSchema.parse(member.json()).items).toHaveLength(2);
    const session = await call(t.app, 'GET', `/api/sessions/${meetingId}?forUserId=${coach.id}`, {
      token: adminToken,
    });
    expect(session.statusCode).toBe(200);
  });
});

describe('sessions: uploads refused before anything is stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const fields = (email: string) => ({
    username: email,
    startTime: START,
    endTime: END,
    sessionType: 'default',
  });

  it('refuses a trial without minutes (402) and a cancelled plan, storing nothing', async () => {
    const broke = await buildUser(t.db, { password: 'Agaton123', availableRecordingMinutes: 0 });
    const token = (await signIn(t.app, broke.email, 'Agaton123')).accessToken;
    const res = await upload(t.app, token, fields(broke.email));
    expect(res.statusCode).toBe(402);
    expect(storedFiles(t, broke.id)).toEqual([]);
    const cancelled = await buildUser(t.db, { password: 'Agaton123', planStatus: 'CANCELED' });
    const cToken = (await signIn(t.app, cancelled.email, 'Agaton123')).accessToken;
    expect((await upload(t.app, cToken, fields(cancelled.email))).statusCode).toBe(402);
  });

  it('refuses a recording longer than the minutes left, storing nothing', async () => {
    const short = await buildUser(t.db, { password: 'Agaton123', availableRecordingMinutes: 1 });
    const token = (await signIn(t.app, short.email, 'Agaton123')).accessToken;
    const res = await upload(t.app, token, { ...fields(short.email), endTime: '2026-11-20T09:05:00.000Z' });
    expect(res.statusCode).toBe(402);
    expect(storedFiles(t, short.id)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, short.id));
    expect(row.availableRecordingMinutes).toBe(1);
  });

  it('answers 400 for bad fields and 415 for a file that is not a recording, storing nothing', async () => {
    const user = await buildUser(t.db, { password: 'Agaton123' });
    const token = (await signIn(t.app, user.email, 'Agaton123')).accessToken;
    const noStart = await upload(t.app, token, { username: user.email, endTime: END });
    expect(noStart.statusCode).toBe(400);
    const backwards = await upload(t.app, token, {
      ...fields(user.email),
      endTime: '2026-11-20T08:00:00.000Z',
    });
    expect(backwards.statusCode).toBe(400);
    const text = await upload(t.app, token, fields(user.email), Buffer.from('hello'), 'notes.txt');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(UPLOAD_TEXTS.unsupported);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/recordings',
      ...(() => {
        const b = multipart(fields(user.email));
        return { payload: b.payload, headers: { ...b.headers, authorization: `Bearer ${token}` } };
      })(),
    });
    expect(noFile.statusCode).toBe(400);
    expect(storedFiles(t, user.id)).toEqual([]);
  });

  it('answers 413 past the upload limit', async () => {
    const small = await createTestApp({ RECORDING_UPLOAD_LIMIT_BYTES: '1000' });
    try {
      const user = await buildUser(small.db, { password: 'Agaton123' });
      const token = (await signIn(small.app, user.email, 'Agaton123')).accessToken;
      const res = await upload(small.app, token, fields(user.email));
      expect(res.statusCode).toBe(413);
      expect(storedFiles(small, user.id)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('answers 400 for a malformed cursor and 404 for a session id that is not a uuid', async () => {
    const user = await buildUser(t.db, { password: 'Agaton123' });
    const token = (await signIn(t.app, user.email, 'Agaton123')).accessToken;
    expect((await call(t.app, 'GET', '/api/sessions?cursor=nonsense', { token })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/sessions/not-a-uuid', { token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/coaching-reports/not-a-uuid', { token })).statusCode).toBe(404);
  });
});

describe('sessions: minutes by plan (docs/decisions/014-billing.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const DAY = 86_400_000;
  const fields = (email: string, endTime = END) => ({ username: email, startTime: START, endTime });
  /** A Record Meeting subscription paid through the embedded provider, in its current period. */
  const subscribed = (over: Parameters<typeof buildUser>[1] = {}) =>
    buildUser(t.db, {
      planStatus: 'ACTIVE',
      planId: 'record-meeting',
      billingProvider: 'local',
      currentPeriodStart: new Date(Date.now() - DAY),
      currentPeriodEnd: new Date(Date.now() + 29 * DAY),
      availableRecordingMinutes: RECORD_MEETING_MONTHLY_MINUTES,
      ...over,
    });
  const minutesOf = async (id: string) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0].availableRecordingMinutes;
  const tokenOf = async (email: string) => (await signIn(t.app, email, 'Agaton123')).accessToken;

  it('charges an ACTIVE subscription against its monthly allowance', async () => {
    const active = await subscribed();
    const res = await upload(t.app, await tokenOf(active.email), fields(active.email));
    expect(res.statusCode, res.body).toBe(202);
    expect(await minutesOf(active.id)).toBe(RECORD_MEETING_MONTHLY_MINUTES - 1);
  });

  it('refuses an ACTIVE subscription whose allowance is spent or too small, storing nothing', async () => {
    const spent = await subscribed({ availableRecordingMinutes: 0 });
    expect((await upload(t.app, await tokenOf(spent.email), fields(spent.email))).statusCode).toBe(402);
    const low = await subscribed({ availableRecordingMinutes: 2 });
    const long = await upload(t.app, await tokenOf(low.email), fields(low.email, '2026-11-20T09:10:00.000Z'));
    expect(long.statusCode).toBe(402);
    expect(await minutesOf(low.id)).toBe(2);
    expect(storedFiles(t, spent.id)).toEqual([]);
    expect(storedFiles(t, low.id)).toEqual([]);
  });

  it('records on a renewed allowance once the period has rolled over, and saves the new period', async () => {
    const rolled = await subscribed({
      availableRecordingMinutes: 0,
      currentPeriodStart: new Date(Date.now() - 40 * DAY),
      currentPeriodEnd: new Date(Date.now() - 10 * DAY),
    });
    const res = await upload(t.app, await tokenOf(rolled.email), fields(rolled.email));
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await t.db.select().from(users).where(eq(users.id, rolled.id));
    expect(row.availableRecordingMinutes).toBe(RECORD_MEETING_MONTHLY_MINUTES - 1);
    expect(row.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a trial past its 7 days and a cancelled subscription past its period end', async () => {
    const old = await buildUser(t.db, { trialStart: new Date(Date.now() - 8 * DAY) });
    expect((await upload(t.app, await tokenOf(old.email), fields(old.email))).statusCode).toBe(402);
    const ended = await subscribed({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(Date.now() - 1000),
    });
    expect((await upload(t.app, await tokenOf(ended.email), fields(ended.email))).statusCode).toBe(402);
    const ending = await subscribed({ cancelAtPeriodEnd: true });
    expect((await upload(t.app, await tokenOf(ending.email), fields(ending.email))).statusCode).toBe(202);
  });
});
