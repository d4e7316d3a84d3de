import { type ChallengeDetail, challengeDetailSchema, resultsBlobSchema } from '@agaton/contracts';
import { candidates } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixture } from '../scoring/scoring.test-helper.ts';
import { parseSpeechAnswer } from './activity-answers.ts';
import {
  activity,
  activityRowsOf,
  partOf,
  readMeta,
  recording,
  sentChallenge,
  signedIn,
  startPart,
} from './assessment.test-helper.ts';
import { recruitmentOrgs } from './recruitment-admin.test-helper.ts';

/**
 * Issue 26: the report gets the free answer's words with the recogniser's unsure marks, and a signed
 * link that plays the kept recording — for the admins who may see the report, no one else.
 */

const ANSWER = fixture('free-answer.webm');

let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;
let challengeId: string;

/** A candidate of the Support team answers the free topic with a real recording; the rest times out. */
async function takeTestWithFreeAnswer() {
  const { candidate, challenge } = await sentChallenge(t, { orgId: org.orgId });
  await t.db.update(candidates).set({ teamId: org.support.id }).where(eq(candidates.id, candidate.id));
  const { token } = await signedIn(t.app, candidate.email, challenge.code);
  for (const part of ['Reading', 'Listening', 'ReadingComprehension'] as const) {
    await startPart(t.app, token, part);
    const res = await activity(t.app, token, { type: 'timeout', context: { part } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const started = await startPart(t.app, token, 'FreeSpeech');
  const itemId = partOf(started.json().assessmentStatus, 'FreeSpeech').itemId as string;
  const free = await recording(t.app, token, readMeta(itemId, { free: true }), {
    data: ANSWER,
    contentType: 'audio/webm',
    filename: 'answer.webm',
  });
  expect(free.statusCode, free.body).toBe(200);
  expect(free.json().assessmentStatus.isFinished).toBe(true);
  return challenge.id;
}

beforeAll(async () => {
  // This machine is shared: give the analysis room beyond the product deadline.
  t = await createTestApp({ SCORING_FREE_SPEECH_TIMEOUT_SECONDS: '180' });
  org = await recruitmentOrgs(t);
  challengeId = await takeTestWithFreeAnswer();
}, 240_000);
afterAll(() => t.close());

const report = (token: string) => call(t.app, 'GET', `/api/admin/challenges/${challengeId}`, { token });

async function ownerReport(): Promise<ChallengeDetail> {
  const res = await report(org.tokens.owner);
  expect(res.statusCode, res.body).toBe(200);
  return challengeDetailSchema.parse(res.json());
}

const play = (url: string, range?: string) =>
  t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });

describe("the free answer in the admin's report", () => {
  it("carries the answer's words with the recogniser's unsure marks", async () => {
    const detail = await ownerReport();
    const free = resultsBlobSchema.parse(detail.resultsBlob).freeSpeechTest;
    const [row] = (await activityRowsOf(t.db, challengeId)).filter((r) => r.type === 'answer-free-speech');
    const stored = parseSpeechAnswer(row.answer);
    if (!stored) throw new Error('the free answer was not stored');
    const heard = stored.words.filter((w) => w.status !== 'omitted');
    expect(heard.length).toBeGreaterThan(10);
    // Word for word what was stored, each marked exactly when the recogniser was unsure of it.
    expect(free.words).toEqual(
      heard.map((w) => (w.uncertain ? { word: w.word, uncertain: true } : { word: w.word })),
    );
    // This learner's recording has words the recogniser was unsure of (and words it was sure of).
    expect(free.words?.some((w) => w.uncertain)).toBe(true);
    expect(free.words?.some((w) => !w.uncertain)).toBe(true);
    // The levels are the engine's (null when too few words were clearly recognised).
    expect([free.grammar, free.vocabulary]).toEqual([
      stored.cefrEstimation?.grammar ?? null,
      stored.cefrEstimation?.vocabulary ?? null,
    ]);
  });

  it('gives the admin a link that plays the stored recording, whole and by range', async () => {
    const url = (await ownerReport()).freeSpeechRecordingUrl ?? '';
    expect(url).toMatch(
      new RegExp(
        `^/api/admin/challenges/${challengeId}/free-speech-recording\\?expires=\\d+&signature=[\\w-]+&fid=[\\w-]+$`,
      ),
    );
    const whole = await play(url);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(ANSWER)).toBe(true);
    const part = await play(url, 'bytes=0-3');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${ANSWER.length}`);
    // WebM's EBML magic.
    expect([...part.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it("gives no link to an admin who may not see the report: another organisation's, another team's manager", async () => {
    for (const token of [org.tokens.ownerB, org.tokens.salesManager, org.tokens.idleManager]) {
      const res = await report(token);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('free-speech-recording');
    }
  });

  it('refuses a tampered link, another challenge with the same signature, and a link of another purpose', async () => {
    const url = (await ownerReport()).freeSpeechRecordingUrl ?? '';
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    const { challenge: other } = await sentChallenge(t, { orgId: org.orgId });
    const forged = [
      url.replace(/signature=[\w-]+/, 'signature=abc'),
      url.replace(/expires=\d+/, `expires=${expires + 3600}`),
      url.replace(/fid=[\w-]+/, `fid=${crypto.randomUUID()}`),
      url.replace(/&fid=[\w-]+/, ''),
      url.replace(challengeId, other.id),
      // A session recording's link for the same id never opens the answer (the purpose is signed).
      url.replace(
        `/admin/challenges/${challengeId}/free-speech-recording`,
        `/sessions/${challengeId}/recording`,
      ),
    ];
    for (const link of forged) {
      const res = await play(link);
      expect(res.statusCode, link).toBe(403);
      expect(res.rawPayload.includes(ANSWER.subarray(0, 64))).toBe(false);
    }
    expect((await play(url)).statusCode).toBe(200);
  });

  it('has no link for a finished test whose free answer left no recording', async () => {
    const { candidate, challenge } = await sentChallenge(t, { orgId: org.orgId });
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    for (const part of ['Reading', 'Listening', 'ReadingComprehension', 'FreeSpeech'] as const) {
      await startPart(t.app, token, part);
      await activity(t.app, token, { type: 'timeout', context: { part } });
    }
    const res = await call(t.app, 'GET', `/api/admin/challenges/${challenge.id}`, {
      token: org.tokens.owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ completedAt: expect.any(String), freeSpeechRecordingUrl: null });
  });
});
