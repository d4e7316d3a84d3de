import { createHash } from 'node:crypto';
import { isApproximateTranscript, qcItemDetailSchema, wordsOfLine } from '@agaton/contracts';
import { qaItems, sessions } from '@agaton/db';
import { buildAdmin, buildMember, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, serviceContext, type TestApp } from '../../../testing/test-app.ts';
import { answerCall, createQaJobs } from '../answering/index.ts';
import { callFromSession } from './qa-session-calls.ts';

/**
 * Issue 26: a call whose transcript the recogniser was mostly unsure of is not answered with
 * confidence — every answer needs review and is yellow, whatever the answerer said — and the words
 * it was unsure of reach the API's transcript.
 */

let t: TestApp;
let ownerToken = '';
let orgId = '';

const SAID = 'Thank you for calling Agaton. How can I help you today?'.split(' ');

async function addQuestion(questionSetId: string, isTrueGood: boolean, questionText: string) {
  const res = await call(t.app, 'POST', '/api/qa/questions', {
    token: ownerToken,
    body: {
      questionText,
      presentationText: 'The agent opens by thanking the caller.',
      purposes: ['QUALITY'],
      isActive: true,
      isTrueGood,
      severity: 'HIGH',
      speaker: 'AGENT',
      phrases: ['thank you for calling'],
      examples: [],
      questionSetIds: [questionSetId],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A coach's analysed 80 s session saying SAID over and over; `unsure` tells which words were unsure. */
async function sessionCall(name: string, unsure: (word: string) => boolean) {
  const user = await buildUser(t.db, {});
  await buildMember(t.db, { orgId, name, userId: user.id });
  const startedAt = new Date('2026-11-21T10:00:00.000Z');
  const words = Array.from({ length: 40 }, (_, i) => {
    const word = SAID[i % SAID.length];
    return {
      word,
      start: i * 2,
      end: i * 2 + 1.5,
      score: null,
      ...(unsure(word) ? { uncertain: true } : {}),
    };
  });
  const [session] = await t.db
    .insert(sessions)
    .values({
      userId: user.id,
      startedAt,
      endedAt: new Date(startedAt.getTime() + 80_000),
      declaredSeconds: 80,
      durationSeconds: 80,
      objectKey: `recordings/${user.id}/80.ogg`,
      contentType: 'audio/ogg',
      sizeBytes: 1000,
      sha256: createHash('sha256').update(`${user.id}-${Math.random()}`).digest('hex'),
      status: 'done',
      words,
    })
    .returning({ id: sessions.id });
  const ctx = serviceContext(t);
  const callId = await callFromSession(ctx, session.id, createQaJobs(ctx, null));
  expect(callId).toBeTruthy();
  // No job queue in this context: answer the call here, as its analysis would.
  await answerCall(ctx, callId!);
  const [item] = await t.db.select({ id: qaItems.id }).from(qaItems).where(eq(qaItems.callId, callId!));
  const res = await call(t.app, 'GET', `/api/qa/items/${item.id}`, { token: ownerToken });
  expect(res.statusCode, res.body).toBe(200);
  return qcItemDetailSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildAdmin(t.db, { email: 'owner@qa-approximate.example' });
  orgId = owner.orgId;
  ownerToken = (
    await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: 'owner@qa-approximate.example', password: FACTORY_PASSWORD },
    })
  ).json().accessToken;
  const set = await call(t.app, 'POST', '/api/qa/question-sets', {
    token: ownerToken,
    body: { name: 'Every call', teamIds: [] },
  });
  expect(set.statusCode, set.body).toBe(201);
  const setId = set.json().questionSetId;
  // Both are answered YES on these words: one is good (green), the other bad (red).
  await addQuestion(setId, true, 'Did the agent thank the customer for calling?');
  await addQuestion(setId, false, 'Did the agent say thank you for calling?');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const byQuestion = (item: { bullets: { questionText: string; flagLevel: string; needsReview: boolean }[] }) =>
  Object.fromEntries(item.bullets.map((b) => [b.questionText, [b.flagLevel, b.needsReview]]));

describe('a call the recogniser was mostly unsure of', () => {
  it('is answered as usual when the recogniser was sure of most words', async () => {
    const item = await sessionCall('Sure Sam', (word) => word === 'Agaton.');
    const all = item.call.transcript.flatMap(wordsOfLine);
    expect(all.some((w) => w.uncertain)).toBe(true);
    expect(isApproximateTranscript(all)).toBe(false);
    expect(item.bullets.map((b) => b.answer)).toEqual(['YES', 'YES']);
    expect(byQuestion(item)).toEqual({
      'Did the agent thank the customer for calling?': ['GREEN', false],
      'Did the agent say thank you for calling?': ['RED', false],
    });
    expect(item.flagLevel).toBe('RED');
  }, 360_000);

  it('marks for review an answer whose cited line is mostly unsure words, in a call sure of most', async () => {
    const item = await sessionCall('Half Hal', (word) => ['for', 'calling', 'Agaton.'].includes(word));
    expect(isApproximateTranscript(item.call.transcript.flatMap(wordsOfLine))).toBe(false);
    expect(item.call.transcript[0]).toMatchObject({
      text: 'Thank you for calling Agaton.',
      unsure: [2, 3, 4],
    });
    expect(item.bullets.map((b) => b.answer)).toEqual(['YES', 'YES']);
    // Both answers rest on "Thank you for calling Agaton.", three of whose five words were unsure.
    expect(byQuestion(item)).toEqual({
      'Did the agent thank the customer for calling?': ['YELLOW', true],
      'Did the agent say thank you for calling?': ['YELLOW', true],
    });
    expect(item.flagLevel).toBe('YELLOW');
  }, 360_000);

  it('has every answer marked for review and yellow, and its unsure words in the transcript', async () => {
    const item = await sessionCall('Unsure Una', (word) => !['Thank', 'you'].includes(word));
    // The positions of the unsure words reach the API, line by line.
    expect(item.call.transcript.slice(0, 2)).toMatchObject([
      { text: 'Thank you for calling Agaton.', unsure: [2, 3, 4] },
      { text: 'How can I help you today?', unsure: [0, 1, 2, 3, 5] },
    ]);
    expect(isApproximateTranscript(item.call.transcript.flatMap(wordsOfLine))).toBe(true);
    // The answerer still says YES; neither a pass nor an alert is raised on such a transcript.
    expect(item.bullets.map((b) => b.answer)).toEqual(['YES', 'YES']);
    expect(byQuestion(item)).toEqual({
      'Did the agent thank the customer for calling?': ['YELLOW', true],
      'Did the agent say thank you for calling?': ['YELLOW', true],
    });
    expect(item.flagLevel).toBe('YELLOW');
  }, 360_000);
});
