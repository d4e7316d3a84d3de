import { CHAT_TEXTS, feedbackComment } from '@agaton/contracts';
import { chatRuns, chatThreads } from '@agaton/db';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { addSession, ask, firstThread, shownText } from './chat.test-helper.ts';

const DAY = 24 * 3600 * 1000;

describe('Ask Agaton threads, streaming, cancel and feedback', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let lastSessionId: string;

  beforeAll(async () => {
    t = await createTestApp({ CHAT_STREAM_DELAY_MS: '0' });
    const coach = await buildUser(t.db, { password: FACTORY_PASSWORD });
    const other = await buildUser(t.db, { password: FACTORY_PASSWORD });
    await addSession(t.db, coach.id, new Date(Date.now() - 9 * DAY), { total: 61 });
    lastSessionId = (
      await addSession(t.db, coach.id, new Date(Date.now() - DAY), {
        total: 77,
        pronunciation: 74,
        fluency: 80,
      })
    ).id;
    await addSession(t.db, other.id, new Date(Date.now() - DAY), { total: 93 });
    token = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
    otherToken = (await signIn(t.app, other.email, FACTORY_PASSWORD)).accessToken;
  });
  afterAll(() => t.close());

  it('creates a thread when none exist, lists it again, and creates more on request', async () => {
    const first = await call(t.app, 'GET', '/api/chat/threads', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().threads).toHaveLength(1);
    const again = await call(t.app, 'GET', '/api/chat/threads', { token });
    expect(again.json().threads[0].threadId).toBe(first.json().threads[0].threadId);
    const created = await call(t.app, 'POST', '/api/chat/threads', { token });
    expect(created.statusCode).toBe(201);
    expect((await call(t.app, 'GET', '/api/chat/threads', { token })).json().threads).toHaveLength(2);
    expect((await call(t.app, 'GET', '/api/chat/threads')).statusCode).toBe(401);
  });

  it('streams created, deltas and completed; the answer holds the real last score with a link to the session', async () => {
    const threadId = await firstThread(t.app, token);
    const answer = await ask(t.app, token, threadId, 'What was my score in my last session?');
    expect(answer.stream.headers['content-type']).toContain('text/event-stream');
    expect(answer.events[0].event).toBe('created');
    expect(answer.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(answer.events.at(-1)?.event).toBe('completed');
    expect(answer.message?.content).toBe(answer.text);
    expect(answer.text).toContain('**77**');
    expect(answer.text).toContain('Pronunciation: 74');
    expect(answer.text).toContain(`(/coach/sessions/${lastSessionId})`);
    expect(answer.message?.citations.map((c) => c.href)).toContain(`/coach/sessions/${lastSessionId}`);

    const stored = await call(t.app, 'GET', `/api/chat/threads/${threadId}/messages`, { token });
    const body = stored.json();
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(body.thread.summary).toBe('What was my score in my last session?');
    expect(body.thread.status).toBe('idle');
    expect(body.runs[0].status).toBe('completed');
    expect(body.runs[0].steps.map((s: { kind: string }) => s.kind)).toContain('question type');
    // A stream opened after the run ended replays the stored answer.
    const replay = await call(t.app, 'GET', `/api/chat/threads/${threadId}/events?runId=${answer.runId}`, {
      token,
    });
    expect(replay.body).toContain('event: completed');
  });

  it('answers the trend with both sessions and says so when it does not understand', async () => {
    const threadId = await firstThread(t.app, token);
    const trend = await ask(t.app, token, threadId, 'Is my score improving?');
    expect(trend.text).toContain('from 61 to 77 (+16)');
    const unknown = await ask(t.app, token, threadId, 'Write me a poem about the weather in Lisbon');
    expect(unknown.text).toContain("I can't answer that from your data yet.");
    expect(unknown.text).toContain('Which sounds should I practise this week?');
  });

  it('answers both parts of a question that asks two things, and no figure for an unclear one', async () => {
    const threadId = await firstThread(t.app, token);
    const both = await ask(
      t.app,
      token,
      threadId,
      "What's my latest score and which sounds should I practise?",
    );
    expect(both.text).toContain('**77**');
    expect(both.text).toMatch(/\/[a-z]+\//);
    const steps = (await call(t.app, 'GET', `/api/chat/threads/${threadId}/messages`, { token })).json()
      .runs[0].steps;
    expect(steps.filter((s: { kind: string }) => s.kind === 'question type')).toHaveLength(2);
    // Near none of the question types: the list of what can be asked, with no number.
    const unclear = await ask(t.app, token, threadId, 'Book a table for two at eight');
    expect(unclear.text).toContain("I can't answer that from your data yet.");
    expect(shownText(unclear.text)).not.toMatch(/\b77\b/);
  });

  it('reads periods written in words and questions phrased in other ways', async () => {
    const threadId = await firstThread(t.app, token);
    const twoWeeks = await ask(t.app, token, threadId, 'What was my average over the last two weeks?');
    expect(twoWeeks.text).toContain('Over 2 sessions in the last 14 days');
    expect(twoWeeks.text).toContain('**69**');
    const words = await ask(t.app, token, threadId, 'Are there any words I keep getting wrong?');
    expect(words.text).toContain('The most challenging words');
    const advice = await ask(t.app, token, threadId, 'I keep mixing up "right" and "light". Any advice?');
    expect(advice.text).toContain('(/coach/learning/r-and-l)');
    const lastTwo = await ask(t.app, token, threadId, 'Was my last meeting better than the one before?');
    expect(lastTwo.text).toContain('- Overall: 61 → **77** (+16)');
    expect(lastTwo.text).toContain(`(/coach/sessions/${lastSessionId})`);
  });

  it('keeps threads to their owner: 404 for another user, 400 for bad input', async () => {
    const threadId = await firstThread(t.app, token);
    for (const [method, url, body] of [
      ['GET', `/api/chat/threads/${threadId}/messages`, undefined],
      ['GET', `/api/chat/threads/${threadId}/events`, undefined],
      ['POST', `/api/chat/threads/${threadId}/cancel`, {}],
      ['POST', `/api/chat/threads/${threadId}/messages`, { userType: 'USER', text: 'my score?' }],
    ] as const) {
      expect((await call(t.app, method, url, { token: otherToken, body })).statusCode).toBe(404);
    }
    const send = (body: unknown) =>
      call(t.app, 'POST', `/api/chat/threads/${threadId}/messages`, { token, body });
    expect((await send({ userType: 'USER', text: '   ' })).statusCode).toBe(400);
    expect((await send({ userType: 'ADMIN', text: 'hello' })).statusCode).toBe(400);
    expect((await send({ userType: 'USER', text: 'x'.repeat(4001) })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/chat/threads/not-a-uuid/messages', { token })).statusCode).toBe(
      400,
    );
  });

  it('stores thumbs feedback with the reason and comment, only on the owner’s answers', async () => {
    const threadId = await firstThread(t.app, token);
    const answer = await ask(t.app, token, threadId, 'How fast do I speak?');
    const comment = feedbackComment(CHAT_TEXTS.thumbsDownReasons[3], '  wanted more detail  ');
    const body = {
      userType: 'USER',
      messageId: answer.message!.messageId,
      thumbScore: { isPositive: false },
      comment,
    };
    const res = await call(t.app, 'POST', '/api/chat/feedback', { token, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().userScore).toEqual({ thumbScore: { isPositive: false } });
    expect(comment).toBe('Too vague or generic\n---\nwanted more detail');
    expect((await call(t.app, 'POST', '/api/chat/feedback', { token: otherToken, body })).statusCode).toBe(
      404,
    );
    const messages = (await call(t.app, 'GET', `/api/chat/threads/${threadId}/messages`, { token })).json()
      .messages;
    const question = messages.find((m: { role: string }) => m.role === 'user');
    const onQuestion = { ...body, messageId: question.messageId };
    expect((await call(t.app, 'POST', '/api/chat/feedback', { token, body: onQuestion })).statusCode).toBe(
      400,
    );
  });
});

describe('Ask Agaton cancel and restart', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // Slow enough that the stop lands mid-answer.
    t = await createTestApp({ CHAT_STREAM_DELAY_MS: '150' });
    const coach = await buildUser(t.db, { password: FACTORY_PASSWORD });
    await addSession(t.db, coach.id, new Date(Date.now() - DAY), { total: 70 });
    token = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
  });
  afterAll(() => t.close());

  it('stops a streaming answer: the stream ends incomplete (run_cancelled) and the shown part is kept', async () => {
    const threadId = await firstThread(t.app, token);
    const sent = await call(t.app, 'POST', `/api/chat/threads/${threadId}/messages`, {
      token,
      body: { userType: 'USER', text: 'Which sounds should I practise?' },
    });
    const stream = call(t.app, 'GET', `/api/chat/threads/${threadId}/events?runId=${sent.json().runId}`, {
      token,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const cancel = await call(t.app, 'POST', `/api/chat/threads/${threadId}/cancel`, {
      token,
      body: { userType: 'USER' },
    });
    expect(cancel.json()).toEqual({ cancelled: true });
    const body = (await stream).body;
    expect(body.split('event: delta').length - 1).toBeGreaterThan(1);
    expect(body).toContain('"reason":"run_cancelled"');
    expect(body).not.toContain('event: completed');
    const stored = (await call(t.app, 'GET', `/api/chat/threads/${threadId}/messages`, { token })).json();
    expect(stored.runs[0]).toMatchObject({ status: 'incomplete', reason: 'run_cancelled' });
    expect(stored.thread.status).toBe('idle');
    expect(stored.messages.at(-1).content.length).toBeGreaterThan(0);
  });

  it('ends a run interrupted by a restart as incomplete instead of leaving it hanging', async () => {
    const threadId = await firstThread(t.app, token);
    const [run] = await t.db.insert(chatRuns).values({ threadId }).returning();
    await t.db.update(chatThreads).set({ status: 'running' }).where(eq(chatThreads.id, threadId));
    const restarted = await buildApp({ config: t.config, db: t.db, logger: false });
    await restarted.ready();
    try {
      const stream = await call(restarted, 'GET', `/api/chat/threads/${threadId}/events?runId=${run.id}`, {
        token,
      });
      expect(stream.body).toContain('"reason":"server_restart"');
      const stored = (
        await call(restarted, 'GET', `/api/chat/threads/${threadId}/messages`, { token })
      ).json();
      expect(stored.thread).toMatchObject({ status: 'idle', error: CHAT_TEXTS.answerFailed });
      expect(stored.runs.find((r: { runId: string }) => r.runId === run.id)).toMatchObject({
        status: 'incomplete',
        reason: 'server_restart',
      });
    } finally {
      await restarted.close();
    }
  });
});
