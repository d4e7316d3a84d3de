import {
  candidateTestAuthResponseSchema,
  candidateTestSchema,
  messages,
  RECRUITMENT_TEXTS as T,
  TEST_RULES,
} from '@agaton/contracts';
import { challenges } from '@agaton/db';
import { buildAdmin, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../lib/tokens.ts';
import { call, createTestApp, type TestApp, signIn as userSignIn } from '../../testing/test-app.ts';
import {
  activity,
  partOf,
  readMeta,
  recording,
  sentChallenge,
  signedIn,
  signIn,
  startPart,
} from './assessment.test-helper.ts';
import { drawnTestSchema } from './test-draw.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/challenge/auth', () => {
  it('draws the test once, even for two sign-ins at once, and never sends answers or listening texts', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const [a, b] = await Promise.all([
      signIn(t.app, ` ${candidate.email.toUpperCase()} `, ` ${challenge.code.toLowerCase()} `),
      signIn(t.app, candidate.email, challenge.code),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const first = candidateTestAuthResponseSchema.parse(a.json());
    expect(unsigned(candidateTestAuthResponseSchema.parse(b.json()).content)).toEqual(
      unsigned(first.content),
    );
    expect(a.body).not.toMatch(/answerIndex|audioText/);
    expect(first.content.levels.LOW?.listening.questions[0].audioUrl).toMatch(
      new RegExp(`^/api/assessment/audio/${challenge.id}/l-LOW-0\\?exp=\\d+&sig=`),
    );
    expect(first.organization.name).toBe('Hiring Co');
    expect(first.assessmentStatus).toMatchObject({
      currentPart: 'Reading',
      mayContinuePart: false,
      isFinished: false,
    });
    const claims = decodeJwt(first.token);
    expect(claims).toMatchObject({ kind: 'candidate', sub: candidate.id, challengeId: challenge.id });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(TEST_RULES.candidateTokenTtlSeconds);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, challenge.id));
    expect(drawnTestSchema.parse(row.test).levels.LOW.listening[0].answerIndex).toBe(1);
    expect(row.startedAt).toBeInstanceOf(Date);
  });

  it('refuses a wrong code (401), an expired code (403) and a finished test (409)', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const wrong = await signIn(t.app, candidate.email, 'NOT-IT');
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([401, messages.signIn.wrongCredentials]);
    const otherEmail = await signIn(t.app, 'someone@example.com', challenge.code);
    expect(otherEmail.statusCode).toBe(401);

    const expired = await sentChallenge(t, { expiresAt: new Date(Date.now() - 1000) });
    const late = await signIn(t.app, expired.candidate.email, expired.challenge.code);
    expect([late.statusCode, late.json().error.message]).toEqual([403, T.testExpired]);

    await t.db.update(challenges).set({ completedAt: new Date() }).where(eq(challenges.id, challenge.id));
    const done = await signIn(t.app, candidate.email, challenge.code);
    expect([done.statusCode, done.json().error.message]).toEqual([409, T.testFinished]);
  });

  it('draws from the organisation content for a challenge sent without a copy (seeded ones)', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    await t.db
      .update(challenges)
      .set({ content: null, position: 'nothing like it' })
      .where(eq(challenges.id, challenge.id));
    const test = await signedIn(t.app, candidate.email, challenge.code);
    // The product's default content: its first position.
    expect(test.content.position).toBeTruthy();
    expect(test.content.levels.LOW?.reading.sentences.length).toBeGreaterThan(0);
  });
});

/** The same test; the audio links' signatures may differ by the second each answer was given in. */
function unsigned(content: unknown): unknown {
  return JSON.parse(JSON.stringify(content).replace(/\?exp=\d+&sig=[\w-]+/g, ''));
}

describe('candidate tokens', () => {
  it('resume the test on GET /api/assessment; user, admin and foreign tokens are refused', async () => {
    const { candidate, challenge, orgId } = await sentChallenge(t);
    const session = await signedIn(t.app, candidate.email, challenge.code);
    const resumed = await call(t.app, 'GET', '/api/assessment', { token: session.token });
    expect(resumed.statusCode).toBe(200);
    expect(unsigned(candidateTestSchema.parse(resumed.json()).content)).toEqual(unsigned(session.content));

    const user = await buildUser(t.db);
    const userToken = (await userSignIn(t.app, user.email, FACTORY_PASSWORD)).accessToken;
    const admin = await buildAdmin(t.db, { orgId });
    const adminToken = (await userSignIn(t.app, admin.email, FACTORY_PASSWORD, 'whiskey-admin')).accessToken;
    for (const token of [userToken, adminToken]) {
      expect((await call(t.app, 'GET', '/api/assessment', { token })).statusCode).toBe(403);
      expect((await startPart(t.app, token, 'Reading')).statusCode).toBe(403);
      expect(
        (await recording(t.app, token, readMeta('r-LOW-0'), { data: Buffer.alloc(10) })).statusCode,
      ).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/assessment')).statusCode).toBe(401);

    // A candidate token names its challenge: another candidate's challenge, or none, opens nothing.
    const tokens = new AccessTokens(t.config.JWT_SECRET, 900);
    const other = await sentChallenge(t, { orgId });
    const foreign = await tokens.sign({
      sub: candidate.id,
      kind: 'candidate',
      realm: 'whiskey',
      orgId,
      challengeId: other.challenge.id,
    });
    const legacy = await tokens.sign({ sub: candidate.id, kind: 'candidate', realm: 'whiskey', orgId });
    for (const token of [foreign, legacy]) {
      expect((await call(t.app, 'GET', '/api/assessment', { token })).statusCode).toBe(403);
      expect((await startPart(t.app, token, 'Reading')).statusCode).toBe(403);
    }
  });

  it('stop working when the code expires', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const session = await signedIn(t.app, candidate.email, challenge.code);
    await t.db
      .update(challenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(challenges.id, challenge.id));
    const res = await startPart(t.app, session.token, 'Reading');
    expect([res.statusCode, res.json().error.message]).toEqual([403, T.testExpired]);
  });
});

describe('GET /api/assessment/audio/{challengeId}/{itemId}', () => {
  it('speaks the question being answered from a signed link and refuses any other', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const { content, token } = await signedIn(t.app, candidate.email, challenge.code);
    const url = content.levels.LOW?.listening.questions[0].audioUrl ?? '';
    const later = content.levels.MEDIUM?.listening.questions[0].audioUrl ?? '';
    // Not before the listening part reaches the question.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(409);
    await startPart(t.app, token, 'Reading');
    await activity(t.app, token, { type: 'timeout', context: { part: 'Reading' } });
    await startPart(t.app, token, 'Listening');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/wav/);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(res.rawPayload.length).toBeGreaterThan(16000);
    const other = await sentChallenge(t);
    const tampered = [
      url.replace(/sig=[^&]+/, 'sig=AAAA'),
      url.replace(challenge.id, other.challenge.id),
      url.replace('l-LOW-0', 'l-MEDIUM-0'),
      url.replace(/exp=\d+/, 'exp=1'),
    ];
    for (const bad of tampered)
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode).toBe(403);
    const ahead = await t.app.inject({ method: 'GET', url: later });
    expect([ahead.statusCode, ahead.json().error.message]).toEqual([409, T.notCurrentItem]);
  });
});

describe('without text-to-speech', () => {
  it('leaves listening out of the test', async () => {
    const off = await createTestApp({ TTS_ENABLED: '0' });
    try {
      const { candidate, challenge } = await sentChallenge(off);
      const test = await signedIn(off.app, candidate.email, challenge.code);
      expect(test.content.levels.LOW?.listening.questions).toEqual([]);
      expect(partOf(test.assessmentStatus, 'Listening')).toMatchObject({
        state: 'finished',
        total: 0,
        finishReason: null,
      });
      await startPart(off.app, test.token, 'Reading');
      const res = await activity(off.app, test.token, { type: 'timeout', context: { part: 'Reading' } });
      expect(res.json().assessmentStatus.currentPart).toBe('ReadingComprehension');
    } finally {
      await off.close();
    }
  });
});
