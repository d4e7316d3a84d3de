import { readFileSync } from 'node:fs';
import { callDetailSchema, qcItemListSchema, sessionProfileSchema } from '@agaton/contracts';
import { buildAdmin, buildMember, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { multipart } from '../scoring/scoring.test-helper.ts';

/** A real learner's recording (speechocean762, 33 s), as in the sessions tests. */
const RECORDING = readFileSync(new URL('../../seed/demo-recordings/speaker-2251.ogg', import.meta.url));

let t: TestApp;
let memberId = '';
let ownerToken = '';
let otherOwnerToken = '';
let meetingId = '';

beforeAll(async () => {
  t = await createTestApp({}, { analysisWorkers: true });
  const owner = await buildAdmin(t.db, { email: 'owner@qa-session-a.example' });
  await buildAdmin(t.db, { email: 'owner@qa-session-b.example' });
  const coach = await buildUser(t.db, { password: 'Agaton123' });
  memberId = (await buildMember(t.db, { orgId: owner.orgId, name: 'Casey Coach', userId: coach.id })).id;
  const adminToken = async (email: string) =>
    (
      await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
    ).json().accessToken as string;
  ownerToken = await adminToken('owner@qa-session-a.example');
  otherOwnerToken = await adminToken('owner@qa-session-b.example');

  const coachToken = (await signIn(t.app, coach.email, 'Agaton123')).accessToken;
  const body = multipart(
    {
      username: coach.email,
      startTime: '2026-11-20T09:00:00.000Z',
      endTime: '2026-11-20T09:00:33.230Z',
      sessionType: 'default',
    },
    { name: 'files', filename: 'meeting.ogg', contentType: 'audio/ogg', data: RECORDING },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sessions/recordings',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${coachToken}` },
  });
  expect(res.statusCode, res.body).toBe(202);
  meetingId = res.json().meetingId;
  for (let i = 0; i < 900; i++) {
    const profile = sessionProfileSchema.parse(
      (await call(t.app, 'GET', `/api/sessions/${meetingId}`, { token: coachToken })).json(),
    );
    if (profile.analysis.status === 'done' || profile.analysis.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 500));
  }
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('a member’s analysed coach session', () => {
  it('becomes a QA call of their organisation with the session’s words as lines', async () => {
    let items = qcItemListSchema.parse({ items: [], totalItemCount: 0 });
    for (let i = 0; i < 300 && items.items.length === 0; i++) {
      const res = await call(t.app, 'GET', `/api/qa/items?userIds=${memberId}`, { token: ownerToken });
      expect(res.statusCode, res.body).toBe(200);
      items = qcItemListSchema.parse(res.json());
      if (items.items.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(items.items).toHaveLength(1);
    const [item] = items.items;
    expect(item.fields).toMatchObject({
      source: 'SESSION',
      callTitle: 'Coach session 2026-11-20',
      agentName: 'Casey Coach',
    });
    expect(item.qcTimestamp).toBe(Date.parse('2026-11-20T09:00:00.000Z') / 1000);

    const res = await call(t.app, 'GET', `/api/qa/calls/${item.callId}`, { token: ownerToken });
    const detail = callDetailSchema.parse(res.json());
    expect(detail).toMatchObject({
      source: 'SESSION',
      sessionId: meetingId,
      status: 'done',
      transcriptSource: 'ENGINE',
    });
    expect(detail.transcript.length).toBeGreaterThan(1);
    expect(detail.transcript.every((l) => l.speaker === 'UNKNOWN' && l.text.length > 0)).toBe(true);
    // Lines follow each other in time.
    const starts = detail.transcript.map((l) => l.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const audio = await t.app.inject({
      method: 'GET',
      url: detail.recordingUrl!,
      headers: { range: 'bytes=0-15' },
    });
    expect(audio.statusCode).toBe(206);
    expect(audio.rawPayload.equals(RECORDING.subarray(0, 16))).toBe(true);

    // Another organisation sees none of it.
    expect(
      (await call(t.app, 'GET', `/api/qa/calls/${item.callId}`, { token: otherOwnerToken })).statusCode,
    ).toBe(404);
  });
});
