import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { addSession, ask, firstThread, shownText } from './chat.test-helper.ts';
import { CHAT_HISTORY_MAX_CHARS } from './chat-runs.ts';

const DAY = 24 * 3600 * 1000;

/**
 * A server on loopback speaking the OpenAI chat-completions wire format (SSE chunks, tool-call
 * fragments, [DONE]). First turn: it calls `lookup` with the user's question, split across chunks.
 * Second turn: it answers with the tool's result. `slow` spaces the chunks so a stop lands mid-way.
 */
function modelServer() {
  const seen: {
    auth?: string;
    body: { model: string; tools: unknown[]; messages: { role: string; content: string | null }[] };
  }[] = [];
  let aborted = 0;
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    seen.push({ auth: req.headers.authorization, body });
    res.on('close', () => {
      if (!res.writableFinished) aborted++;
    });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (delta: object, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    // The question is the last user message (earlier ones are the thread's history).
    const question: string = body.messages.findLast((m: { role: string }) => m.role === 'user').content;
    const tool = body.messages.find((m: { role: string }) => m.role === 'tool');
    if (!tool) {
      const args = JSON.stringify({ question });
      send({
        role: 'assistant',
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } },
        ],
      });
      send({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, 10) } }] });
      send({ tool_calls: [{ index: 0, function: { arguments: args.slice(10) } }] });
      send({}, 'tool_calls');
    } else {
      const words = `From your data: ${tool.content}`.split(/(?<= )/);
      for (const word of words) {
        if (res.destroyed) return;
        send({ content: word });
        if (question.includes('slowly')) await new Promise((r) => setTimeout(r, 100));
      }
      send({}, 'stop');
    }
    res.end('data: [DONE]\n\n');
  });
  return { server, seen, aborted: () => aborted };
}

describe('Ask Agaton with a model (OpenAI-compatible, tool calls)', () => {
  let t: TestApp;
  let token: string;
  let lastId: string;
  const model = modelServer();

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const { port } = model.server.address() as AddressInfo;
    t = await createTestApp({
      CHAT_STREAM_DELAY_MS: '0',
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'test-model',
    });
    const coach = await buildUser(t.db, { password: FACTORY_PASSWORD });
    const other = await buildUser(t.db, { password: FACTORY_PASSWORD });
    lastId = (await addSession(t.db, coach.id, new Date(Date.now() - DAY), { total: 77 })).id;
    await addSession(t.db, other.id, new Date(Date.now() - DAY), { total: 93 });
    token = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
  });
  const newThread = async () =>
    (await call(t.app, 'POST', '/api/chat/threads', { token })).json().threadId as string;
  afterAll(async () => {
    await t.close();
    (model.server as Server).close();
  });

  it('answers through the lookup tool, which reads only the asker’s data, and streams the model’s words', async () => {
    const threadId = await firstThread(t.app, token);
    const answer = await ask(t.app, token, threadId, 'What was my score in my last session?');
    expect(answer.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(5);
    expect(answer.text).toMatch(/^From your data: Your last session/);
    expect(answer.text).toContain('**77**');
    // The other coach's score.
    expect(shownText(answer.text)).not.toMatch(/\b93\b/);
    expect(answer.message?.citations.map((c) => c.href)).toContain(`/coach/sessions/${lastId}`);
    const first = model.seen[0];
    expect(first.auth).toBe('Bearer test-key');
    expect(first.body.model).toBe('test-model');
    expect(JSON.stringify(first.body.tools)).toContain('"name":"lookup"');
    const steps = (await call(t.app, 'GET', `/api/chat/threads/${threadId}/messages`, { token })).json()
      .runs[0].steps;
    expect(steps.map((s: { kind: string }) => s.kind)).toEqual(
      expect.arrayContaining(['model', 'tool lookup']),
    );
  });

  it('sends the thread’s earlier messages before the question, the newest that fit the bound', async () => {
    const threadId = await newThread();
    const first = await ask(t.app, token, threadId, 'What was my score in my last session?');
    model.seen.length = 0;
    await ask(t.app, token, threadId, 'And how fast do I speak?');
    const sent = model.seen[0].body.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[1].content).toBe('What was my score in my last session?');
    expect(sent[2].content).toBe(first.text);
    expect(sent[3].content).toBe('And how fast do I speak?');
    // Another thread's messages are not part of it.
    const other = await newThread();
    model.seen.length = 0;
    await ask(t.app, token, other, 'How fast do I speak?');
    expect(model.seen[0].body.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('leaves out the oldest messages once the thread is longer than the bound', async () => {
    const threadId = await newThread();
    // Each question is near the longest allowed; together they pass the bound.
    const long = (n: number) => `Question ${n}: what was my score? ${'Please be precise. '.repeat(150)}`;
    const turns = Math.ceil(CHAT_HISTORY_MAX_CHARS / long(0).length) + 1;
    for (let n = 1; n <= turns; n++) await ask(t.app, token, threadId, long(n));
    model.seen.length = 0;
    await ask(t.app, token, threadId, 'And my fluency?');
    const history = model.seen[0].body.messages.slice(1, -1);
    const chars = history.reduce((sum, m) => sum + (m.content ?? '').length, 0);
    expect(chars).toBeLessThanOrEqual(CHAT_HISTORY_MAX_CHARS);
    expect(history.length).toBeGreaterThan(0);
    // The newest earlier question is there, the first is not.
    expect(history.some((m) => m.content?.startsWith(`Question ${turns}:`))).toBe(true);
    expect(history.some((m) => m.content?.startsWith('Question 1:'))).toBe(false);
    // Messages are whole, never cut in the middle.
    for (const m of history.filter((x) => x.role === 'user'))
      expect(m.content).toMatch(/Please be precise\.$/);
  });

  it('Stop aborts the upstream request and ends the run as cancelled', async () => {
    const threadId = await firstThread(t.app, token);
    const sent = await call(t.app, 'POST', `/api/chat/threads/${threadId}/messages`, {
      token,
      body: { userType: 'USER', text: 'Tell me slowly: what was my score in my last session?' },
    });
    const stream = call(t.app, 'GET', `/api/chat/threads/${threadId}/events?runId=${sent.json().runId}`, {
      token,
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(
      (await call(t.app, 'POST', `/api/chat/threads/${threadId}/cancel`, { token, body: {} })).json(),
    ).toEqual({
      cancelled: true,
    });
    const body = (await stream).body;
    expect(body).toContain('"reason":"run_cancelled"');
    await expect.poll(() => model.aborted()).toBeGreaterThan(0);
  });
});
