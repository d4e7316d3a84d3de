import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { qaCalls, sessions } from '@agaton/db';
import { buildAdmin, buildMember, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, signIn, type TestApp } from '../../testing/test-app.ts';
import { EMPTY_PROFILE, metricsWith } from '../speaking/session-metrics.test-helper.ts';

// Issue 24: playback links of session recordings and QA calls are bound to the sign-in that asked for
// them, and stop working when it ends (password reset or change, a replayed refresh token).

const AUDIO = Buffer.from('OggS fake recording bytes, long enough to ask for a range of them');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Puts bytes where the local object store keeps `key`. */
function storeObject(key: string) {
  const path = join(t.config.DATA_DIR, 'objects', ...key.split('/'));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, AUDIO);
}

/** A coach with one analysed session whose recording is stored. */
async function coachWithSession(email: string) {
  const user = await buildUser(t.db, { email });
  const metrics = metricsWith({});
  const objectKey = `recordings/${user.id}/meeting.ogg`;
  storeObject(objectKey);
  const startedAt = new Date('2026-11-20T09:00:00Z');
  const [row] = await t.db
    .insert(sessions)
    .values({
      userId: user.id,
      startedAt,
      endedAt: new Date(startedAt.getTime() + metrics.durationSeconds * 1000),
      declaredSeconds: metrics.durationSeconds,
      durationSeconds: metrics.durationSeconds,
      objectKey,
      contentType: 'audio/ogg',
      sizeBytes: AUDIO.length,
      sha256: `sha-${email}`,
      status: 'done',
      stage: 'done',
      percent: 100,
      profile: EMPTY_PROFILE,
      words: [],
      metrics,
      analysedAt: startedAt,
    })
    .returning();
  return { userId: user.id, sessionId: row.id };
}

/** The session's playback link, as the feedback page gets it. */
async function sessionLink(token: string, sessionId: string): Promise<string> {
  const res = await call(t.app, 'GET', `/api/sessions/${sessionId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().recordingUrl as string;
  expect(url).toMatch(/^\/api\/sessions\/.+\/recording\?expires=\d+&signature=[\w-]+&fid=[\w-]+$/);
  return url;
}

const play = (url: string, range?: string) =>
  t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });

const refresh = (refreshToken: string) => call(t.app, 'POST', '/api/token', { body: { refreshToken } });

describe('session recording links', () => {
  it('play while the sign-in lives, across access-token refreshes, with ranges', async () => {
    const { sessionId } = await coachWithSession('lives@links.example');
    const first = await signIn(t.app, 'lives@links.example', FACTORY_PASSWORD);
    const url = await sessionLink(first.accessToken, sessionId);
    const whole = await play(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(AUDIO)).toBe(true);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const part = await play(url, 'bytes=0-3');
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString()).toBe('OggS');
  });

  it('refuse a tampered link: another sign-in, another expiry, another signature, or none', async () => {
    const { sessionId } = await coachWithSession('tamper@links.example');
    const session = await signIn(t.app, 'tamper@links.example', FACTORY_PASSWORD);
    const url = await sessionLink(session.accessToken, sessionId);
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    const tampered = [
      url.replace(/fid=[\w-]+/, `fid=${crypto.randomUUID()}`),
      url.replace(/expires=\d+/, `expires=${expires + 3600}`),
      url.replace(/signature=[\w-]+/, 'signature=abc'),
      url.replace(/&fid=[\w-]+/, ''),
    ];
    for (const forged of tampered) expect((await play(forged)).statusCode, forged).toBe(403);
    expect((await play(url)).statusCode).toBe(200);
  });

  it("stop working after the owner's password reset; a new sign-in gets a working one", async () => {
    const { sessionId } = await coachWithSession('reset@links.example');
    const before = await signIn(t.app, 'reset@links.example', FACTORY_PASSWORD);
    const url = await sessionLink(before.accessToken, sessionId);
    expect((await play(url)).statusCode).toBe(200);

    await call(t.app, 'POST', '/api/password-reset-request', { body: { username: 'reset@links.example' } });
    const resetToken = (await latestEmail(t.app, 'reset@links.example'))?.text.match(
      /reset-pass\/(\S+)/,
    )?.[1];
    expect(resetToken).toBeTruthy();
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: { authorization: `Bearer ${resetToken}` },
      payload: { password: 'Changed789' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await play(url)).statusCode).toBe(403);

    const after = await signIn(t.app, 'reset@links.example', 'Changed789');
    expect((await play(await sessionLink(after.accessToken, sessionId))).statusCode).toBe(200);
  });

  it('stop working when the refresh family is revoked (a refresh token presented again)', async () => {
    const { sessionId } = await coachWithSession('stolen@links.example');
    const first = await signIn(t.app, 'stolen@links.example', FACTORY_PASSWORD);
    const url = await sessionLink(first.accessToken, sessionId);
    const second = (await refresh(first.refreshToken)).json();
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await play(url)).statusCode).toBe(403);
  });

  it('stop working when the owner logs out, with the sign-in; another sign-in is untouched', async () => {
    const { sessionId } = await coachWithSession('leaves@links.example');
    const laptop = await signIn(t.app, 'leaves@links.example', FACTORY_PASSWORD);
    const phone = await signIn(t.app, 'leaves@links.example', FACTORY_PASSWORD);
    const url = await sessionLink(laptop.accessToken, sessionId);
    const phoneUrl = await sessionLink(phone.accessToken, sessionId);
    const revoke = (refreshToken: string) =>
      call(t.app, 'POST', '/api/token/revoke', { body: { refreshToken } });
    expect((await revoke(laptop.refreshToken)).statusCode).toBe(204);
    expect((await play(url)).statusCode).toBe(403);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);
    const me = await call(t.app, 'GET', '/api/app-user/me', { token: laptop.accessToken });
    expect(me.statusCode).toBe(401);
    expect((await play(phoneUrl)).statusCode).toBe(200);
    // Unknown and already-ended tokens say nothing either way.
    expect((await revoke(laptop.refreshToken)).statusCode).toBe(204);
    expect((await revoke('not-a-token-anyone-was-given')).statusCode).toBe(204);
  });
});

describe('QA call recording links', () => {
  it("play for the admin's sign-in and stop once the admin changes their password", async () => {
    const owner = await buildAdmin(t.db, { email: 'owner@links.example' });
    const agent = await buildMember(t.db, { orgId: owner.orgId, name: 'Alice Agent' });
    const objectKey = `qa-calls/${owner.orgId}/call.wav`;
    storeObject(objectKey);
    const [row] = await t.db
      .insert(qaCalls)
      .values({
        orgId: owner.orgId,
        agentMemberId: agent.id,
        source: 'UPLOAD',
        title: 'Phone call',
        occurredAt: new Date('2026-11-12T10:00:00Z'),
        objectKey,
        contentType: 'audio/wav',
        sizeBytes: AUDIO.length,
        transcript: [],
        status: 'done',
        uploadedBy: owner.id,
      })
      .returning();
    const session = await signIn(t.app, 'owner@links.example', FACTORY_PASSWORD, 'whiskey-admin');
    const detail = await call(t.app, 'GET', `/api/qa/calls/${row.id}`, { token: session.accessToken });
    expect(detail.statusCode, detail.body).toBe(200);
    const url = detail.json().recordingUrl as string;
    expect(url).toMatch(/^\/api\/qa\/calls\/.+\/recording\?expires=\d+&signature=[\w-]+&fid=[\w-]+$/);
    expect((await play(url)).statusCode).toBe(200);
    // A session's link for the same id never opens the call (the purpose is signed).
    expect((await play(url.replace(`/qa/calls/${row.id}`, `/sessions/${row.id}`))).statusCode).toBe(403);

    const changed = await call(t.app, 'PUT', '/api/admin/password', {
      token: session.accessToken,
      body: { currentPassword: FACTORY_PASSWORD, newPassword: 'Changed-pass42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await play(url)).statusCode).toBe(403);
    // The fresh session the change answers gets a working link.
    const fresh = await call(t.app, 'GET', `/api/qa/calls/${row.id}`, { token: changed.json().accessToken });
    expect((await play(fresh.json().recordingUrl)).statusCode).toBe(200);
  });
});
