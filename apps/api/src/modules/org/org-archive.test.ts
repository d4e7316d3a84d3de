import { readFileSync } from 'node:fs';
import { coachingReportsPageSchema, sessionProfileSchema } from '@agaton/contracts';
import { buildAdmin, buildMember, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { multipart } from '../scoring/scoring.test-helper.ts';

/** Real learner recordings (speechocean762) of the demo data. */
const recording = (speaker: string) =>
  readFileSync(new URL(`../../seed/demo-recordings/speaker-${speaker}.ogg`, import.meta.url));

let t: TestApp;
let ownerToken: string;
let coachToken: string;
let coachEmail: string;
let memberUrl: string;

async function uploadAndWait(speaker: string, startTime: string, endTime: string) {
  const body = multipart(
    { username: coachEmail, startTime, endTime, sessionType: 'default' },
    { name: 'files', filename: 'meeting.ogg', contentType: 'audio/ogg', data: recording(speaker) },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sessions/recordings',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${coachToken}` },
  });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 600; i++) {
    const got = await call(t.app, 'GET', `/api/sessions/${res.json().meetingId}`, { token: coachToken });
    const profile = sessionProfileSchema.parse(got.json());
    if (profile.analysis.status === 'done' || profile.analysis.status === 'failed') return profile;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('analysis did not finish');
}

async function reportCount() {
  const res = await call(t.app, 'GET', '/api/coaching-reports?limit=25', { token: coachToken });
  return coachingReportsPageSchema.parse(res.json()).items.length;
}

beforeAll(async () => {
  t = await createTestApp({}, { analysisWorkers: true });
  const owner = await buildAdmin(t.db, { email: 'owner@archive.example' });
  ownerToken = (
    await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: owner.email, password: FACTORY_PASSWORD },
    })
  ).json().accessToken;
  const coach = await buildUser(t.db, { password: FACTORY_PASSWORD });
  coachEmail = coach.email;
  coachToken = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
  const member = await buildMember(t.db, { orgId: owner.orgId, userId: coach.id, hasLicense: true });
  memberUrl = `/api/astridorg/${owner.orgId}/members/${member.id}/set-archive`;
});
afterAll(() => t?.close());

describe('archiving a member stops their coaching reports (spec 2 §4)', () => {
  it('writes no report for a session analysed while archived, and reports again once unarchived', async () => {
    const archived = await call(t.app, 'POST', memberUrl, { token: ownerToken, body: { isArchived: true } });
    expect(archived.json()).toMatchObject({ isArchived: true, hasLicense: false });
    const quiet = await uploadAndWait('2251', '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:33.230Z');
    // The session itself is analysed; only the reports stop.
    expect(quiet.analysis.status).toBe('done');
    expect(quiet.wordsSaid).toBeGreaterThan(0);
    expect(await reportCount()).toBe(0);

    const back = await call(t.app, 'POST', memberUrl, { token: ownerToken, body: { isArchived: false } });
    expect(back.json()).toMatchObject({ isArchived: false, hasLicense: false });
    const heard = await uploadAndWait('1260', '2026-11-23T09:00:00.000Z', '2026-11-23T09:00:39.880Z');
    expect(heard.analysis.status).toBe('done');
    // Its own report and its week's report.
    expect(await reportCount()).toBe(2);
  }, 600_000);
});
