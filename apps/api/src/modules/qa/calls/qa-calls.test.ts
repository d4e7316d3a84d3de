import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  adminQcItemsSchema,
  type CallDetail,
  callDetailSchema,
  callListSchema,
  FLAG_PRIORITY,
  type QcItem,
  type QcItemDetail,
  qcItemDetailSchema,
  qcItemListSchema,
  qcItemSchema,
} from '@agaton/contracts';
import { qaAnswers, qaCalls } from '@agaton/db';
import { buildAdmin, buildManager, buildMember, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { wav16kMono } from '@agaton/speech';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { type FilePart, multipart } from '../../scoring/scoring.test-helper.ts';
import { QA_ANALYSIS_TEXTS } from './qa-analyser.ts';
import { CALL_UPLOAD_TEXTS } from './qa-calls.service.ts';

/** Two voices made with flite: left channel the agent, right channel the customer (8 kHz, 8 bit, 5.8 s). */
const STEREO_CALL = readFileSync(new URL('./fixtures/call-stereo.wav', import.meta.url));

const VTT = `WEBVTT

00:00:00.000 --> 00:00:04.000
<v Alice Agent>Hello, thank you for calling Agaton, this is Alice.

00:00:04.500 --> 00:00:08.000
<v Customer>Hi. My headset arrived broken and I want my money back.

00:00:08.500 --> 00:00:13.250
<v Alice Agent>I am sorry to hear that. I can promise you a full refund today.

00:00:14.000 --> 00:00:16.000
<v Customer>Great, thanks.
`;

const JSON_TRANSCRIPT = JSON.stringify({
  turns: [
    { speaker: 'Sam', role: 'customer', start: 0, end: 3, text: 'Hello? I am calling about my invoice.' },
    { speaker: 'Alice', start: 3.5, end: 7, text: 'Thank you for calling, I will look at the invoice now.' },
    { speaker: 'Sam', start: 7.5, end: 9, text: 'Thanks.' },
  ],
});

const vttFile = (text = VTT): FilePart => ({
  name: 'transcript',
  filename: 'call.vtt',
  contentType: 'text/vtt',
  data: Buffer.from(text),
});

let t: TestApp;
let orgA: string;
let orgB: string;
let sales: { id: string };
const agents = { alice: '', bob: '', olga: '' };
const tokens = { owner: '', manager: '', ownerB: '' };
const questions = { greeting: '', refund: '' };

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

function upload(token: string, fields: Record<string, string>, files: FilePart[]) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/qa/calls',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

/** Polls the call until its analysis ends (done or failed). */
async function untilAnalysed(token: string, callId: string): Promise<CallDetail> {
  for (let i = 0; i < 900; i++) {
    const res = await call(t.app, 'GET', `/api/qa/calls/${callId}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const detail = callDetailSchema.parse(res.json());
    if (detail.status === 'done' || detail.status === 'failed') return detail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the call analysis did not finish');
}

async function uploadAndAnalyse(
  fields: Record<string, string>,
  files: FilePart[],
  token = tokens.owner,
): Promise<{ call: CallDetail; item: QcItemDetail }> {
  const res = await upload(token, fields, files);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().status).toBe('queued');
  const detail = await untilAnalysed(token, res.json().callId);
  expect(detail.status, detail.error ?? '').toBe('done');
  expect(detail.qcItemId).toBeTruthy();
  const item = await call(t.app, 'GET', `/api/qa/items/${detail.qcItemId}`, { token });
  expect(item.statusCode, item.body).toBe(200);
  return { call: detail, item: qcItemDetailSchema.parse(item.json()) };
}

async function listItems(token: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await call(t.app, 'GET', `/api/qa/items?${qs}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return qcItemListSchema.parse(res.json());
}

/** Recordings the object store holds for an organisation's calls. */
function storedRecordings(orgId: string): string[] {
  try {
    return readdirSync(join(t.config.DATA_DIR, 'objects', 'qa-calls', orgId)).filter(
      (f) => !f.startsWith('.'),
    );
  } catch {
    return [];
  }
}
const callCount = async (orgId: string) =>
  (await t.db.select().from(qaCalls).where(eq(qaCalls.orgId, orgId))).length;

/** Every citation quotes the transcript lines it points at, with their times. */
function expectValidCitations(item: QcItemDetail) {
  for (const bullet of item.bullets) {
    for (const c of bullet.sessionCitations) {
      expect(c.sessionId).toBe(item.callId);
      expect(c.lineIndexes.length).toBeGreaterThan(0);
      const lines = c.lineIndexes.map((i) => item.call.transcript[i]);
      expect(c.quotes).toEqual(lines.map((l) => l.text));
      expect(c.start).toBe(lines[0].start);
      expect(c.citationTimeStrings[0]).toMatch(/^\d+:\d\d – \d+:\d\d$/);
    }
  }
}

const worst = (item: QcItem) =>
  item.bullets.reduce(
    (w, b) => (FLAG_PRIORITY[b.flagLevel] > FLAG_PRIORITY[w] ? b.flagLevel : w),
    'UNSPECIFIED' as QcItem['flagLevel'],
  );

async function createQuestion(token: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/qa/questions', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().questionId as string;
}

let scorecardId = '';

beforeAll(async () => {
  t = await createTestApp({}, { analysisWorkers: true });
  const owner = await buildAdmin(t.db, { email: 'owner@qa-calls-a.example' });
  orgA = owner.orgId;
  sales = await buildTeam(t.db, { orgId: orgA, name: 'Sales' });
  const support = await buildTeam(t.db, { orgId: orgA, name: 'Support' });
  await buildManager(t.db, { orgId: orgA, teamIds: [sales.id], email: 'manager@qa-calls-a.example' });
  const ownerB = await buildAdmin(t.db, { email: 'owner@qa-calls-b.example' });
  orgB = ownerB.orgId;
  agents.alice = (
    await buildMember(t.db, { orgId: orgA, name: 'Alice Agent', teams: [{ teamId: sales.id }] })
  ).id;
  agents.bob = (
    await buildMember(t.db, { orgId: orgA, name: 'Bob Berg', teams: [{ teamId: support.id }] })
  ).id;
  agents.olga = (await buildMember(t.db, { orgId: orgB, name: 'Olga Other' })).id;
  tokens.owner = await adminToken('owner@qa-calls-a.example');
  tokens.manager = await adminToken('manager@qa-calls-a.example');
  tokens.ownerB = await adminToken('owner@qa-calls-b.example');

  const set = await call(t.app, 'POST', '/api/qa/question-sets', {
    token: tokens.owner,
    body: { name: 'Inbound calls' },
  });
  expect(set.statusCode, set.body).toBe(201);
  scorecardId = set.json().questionSetId;
  const common = {
    purposes: ['QUALITY'],
    isActive: true,
    speaker: 'AGENT',
    examples: [],
    questionSetIds: [scorecardId],
  };
  questions.greeting = await createQuestion(tokens.owner, {
    ...common,
    questionText: 'Did the agent thank the customer for calling?',
    presentationText: 'The agent opens by thanking the caller.',
    isTrueGood: true,
    severity: 'HIGH',
    phrases: ['thank you for calling'],
  });
  questions.refund = await createQuestion(tokens.owner, {
    ...common,
    questionText: 'Did the agent promise a refund?',
    presentationText: 'Agents never promise refunds; finance decides.',
    isTrueGood: false,
    severity: 'MEDIUM',
    phrases: ['promise you a full refund', 'promise a refund'],
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/qa/calls with a transcript', () => {
  it('turns a WebVTT call into a QA item with an answer per question and citations of its lines', async () => {
    const { call: detail, item } = await uploadAndAnalyse(
      { agentIdentityId: agents.alice, title: 'Broken headset', occurredAt: '2026-11-10T09:00:00Z' },
      [vttFile()],
    );
    expect(detail.transcriptSource).toBe('UPLOAD');
    expect(detail.recordingUrl).toBeNull();
    expect(detail.transcript.map((l) => l.speaker)).toEqual(['AGENT', 'CUSTOMER', 'AGENT', 'CUSTOMER']);
    expect(detail.transcript[2]).toMatchObject({ start: 8.5, end: 13.25, speakerLabel: 'Alice Agent' });

    expect(item.qcTimestamp).toBe(Date.parse('2026-11-10T09:00:00Z') / 1000);
    expect(item.userIds).toEqual([agents.alice]);
    expect(item.fields).toMatchObject({
      callTitle: 'Broken headset',
      agentName: 'Alice Agent',
      source: 'UPLOAD',
    });
    expect(item.bullets.map((b) => b.questionId).sort()).toEqual(
      [questions.greeting, questions.refund].sort(),
    );
    const greeting = item.bullets.find((b) => b.questionId === questions.greeting)!;
    expect(greeting).toMatchObject({ answer: 'YES', flagLevel: 'GREEN' });
    expect(greeting.sessionCitations[0].lineIndexes).toEqual([0]);
    expect(greeting.sessionCitations[0].citationTimeStrings).toEqual(['0:00 – 0:04']);
    const refund = item.bullets.find((b) => b.questionId === questions.refund)!;
    expect(refund.answer).toBe('YES');
    expect(refund.flagLevel).toBe('YELLOW');
    expect(refund.sessionCitations.flatMap((c) => c.lineIndexes)).toContain(2);
    expectValidCitations(item);
    expect(item.flagLevel).toBe(worst(item));
    expect(item.fields.yellowCount).toBe(item.bullets.filter((b) => b.flagLevel === 'YELLOW').length);
  });

  it('reads JSON turns: a role wins, and the agent’s first name marks the agent', async () => {
    const { call: detail, item } = await uploadAndAnalyse(
      { agentIdentityId: agents.alice, title: 'Invoice question', occurredAt: '2026-11-11T10:00:00Z' },
      [
        {
          name: 'transcript',
          filename: 'call.json',
          contentType: 'application/json',
          data: Buffer.from(JSON_TRANSCRIPT),
        },
      ],
    );
    expect(detail.transcript.map((l) => [l.speakerLabel, l.speaker])).toEqual([
      ['Sam', 'CUSTOMER'],
      ['Alice', 'AGENT'],
      ['Sam', 'CUSTOMER'],
    ]);
    expect(item.bullets.find((b) => b.questionId === questions.greeting)).toMatchObject({ answer: 'YES' });
    expectValidCitations(item);
  });

  it('refuses a transcript it cannot read with 400 and stores nothing', async () => {
    const before = await callCount(orgA);
    const res = await upload(tokens.owner, { agentIdentityId: agents.alice, title: 'Broken' }, [
      vttFile('WEBVTT\n\n00:00:05.000 --> 00:00:01.000\n<v Agent>Backwards\n'),
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(await callCount(orgA)).toBe(before);
  });
});

describe('POST /api/qa/calls with a recording', () => {
  it('transcribes a two-channel recording with the speech engine: left the agent, right the customer', async () => {
    const { call: detail, item } = await uploadAndAnalyse(
      { agentIdentityId: agents.alice, title: 'Phone call', occurredAt: '2026-11-12T10:00:00Z' },
      [{ name: 'audio', filename: 'call.wav', contentType: 'audio/wav', data: STEREO_CALL }],
    );
    expect(detail.transcriptSource).toBe('ENGINE');
    const agentText = detail.transcript
      .filter((l) => l.speaker === 'AGENT')
      .map((l) => l.text)
      .join(' ');
    const customerText = detail.transcript
      .filter((l) => l.speaker === 'CUSTOMER')
      .map((l) => l.text)
      .join(' ');
    expect(agentText).toMatch(/thank you/);
    expect(agentText).toMatch(/help/);
    expect(customerText).toMatch(/please/);
    expect(customerText).not.toMatch(/thank/);
    // The agent speaks first, the customer after.
    expect(detail.transcript[0].speaker).toBe('AGENT');
    expect(detail.transcript.at(-1)?.speaker).toBe('CUSTOMER');
    expect(detail.durationSeconds).toBeGreaterThan(5);
    expectValidCitations(item);

    // The recording plays from its signed link, whole or by range.
    expect(detail.recordingUrl).toMatch(/^\/api\/qa\/calls\/.+\/recording\?expires=\d+&signature=/);
    const whole = await t.app.inject({ method: 'GET', url: detail.recordingUrl! });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(STEREO_CALL)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: detail.recordingUrl!,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    const forged = await t.app.inject({
      method: 'GET',
      url: detail.recordingUrl!.replace(/signature=.*/, 'signature=x'),
    });
    expect(forged.statusCode).toBe(403);
  }, 180_000);

  it('keeps the recording for playback but answers from the uploaded transcript when both come', async () => {
    const { call: detail } = await uploadAndAnalyse({ agentIdentityId: agents.alice, title: 'Both files' }, [
      { name: 'audio', filename: 'call.wav', contentType: 'audio/wav', data: STEREO_CALL },
      vttFile(),
    ]);
    expect(detail.transcriptSource).toBe('UPLOAD');
    expect(detail.transcript[0].text).toBe('Hello, thank you for calling Agaton, this is Alice.');
    expect(detail.recordingUrl).not.toBeNull();
  });
});

describe('POST /api/qa/calls refusals', () => {
  const expectNothingStored = async (before: number) => {
    expect(await callCount(orgA)).toBe(before);
    expect(storedRecordings(orgA).length).toBe(recordingsBefore);
  };
  let recordingsBefore = 0;
  beforeAll(() => {
    recordingsBefore = storedRecordings(orgA).length;
  });

  it('400 without any file', async () => {
    const before = await callCount(orgA);
    const res = await upload(tokens.owner, { agentIdentityId: agents.alice, title: 'No files' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CALL_UPLOAD_TEXTS.noFiles);
    await expectNothingStored(before);
  });

  it('400 without a title', async () => {
    const before = await callCount(orgA);
    const res = await upload(tokens.owner, { agentIdentityId: agents.alice }, [vttFile()]);
    expect(res.statusCode).toBe(400);
    await expectNothingStored(before);
  });

  it('415 for a file that is no recording, by its type or by its bytes', async () => {
    const before = await callCount(orgA);
    const byType = await upload(tokens.owner, { agentIdentityId: agents.alice, title: 'Notes' }, [
      { name: 'audio', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') },
    ]);
    expect(byType.statusCode).toBe(415);
    const byBytes = await upload(tokens.owner, { agentIdentityId: agents.alice, title: 'Fake' }, [
      { name: 'audio', filename: 'call.wav', contentType: 'audio/wav', data: Buffer.alloc(4096, 7) },
    ]);
    expect(byBytes.statusCode).toBe(415);
    const transcript = await upload(tokens.owner, { agentIdentityId: agents.alice, title: 'Doc' }, [
      {
        name: 'transcript',
        filename: 'call.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4'),
      },
    ]);
    expect(transcript.statusCode).toBe(415);
    expect(transcript.json().error.message).toBe(CALL_UPLOAD_TEXTS.transcriptUnsupported);
    await expectNothingStored(before);
  });

  it('413 for a transcript over the limit', async () => {
    const before = await callCount(orgA);
    const huge = `WEBVTT\n\n${'00:00:00.000 --> 00:00:01.000\n<v Agent>hello there\n\n'.repeat(120_000)}`;
    const res = await upload(tokens.owner, { agentIdentityId: agents.alice, title: 'Huge' }, [vttFile(huge)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(CALL_UPLOAD_TEXTS.transcriptTooLarge);
    await expectNothingStored(before);
  });

  it('404 for an unknown agent or another organisation’s, 403 for an agent outside the manager’s teams', async () => {
    const before = await callCount(orgA);
    const audio: FilePart = {
      name: 'audio',
      filename: 'call.wav',
      contentType: 'audio/wav',
      data: STEREO_CALL,
    };
    const unknown = await upload(tokens.owner, { agentIdentityId: crypto.randomUUID(), title: 'x' }, [audio]);
    expect(unknown.statusCode).toBe(404);
    const foreign = await upload(tokens.owner, { agentIdentityId: agents.olga, title: 'x' }, [audio]);
    expect(foreign.statusCode).toBe(404);
    const outside = await upload(tokens.manager, { agentIdentityId: agents.bob, title: 'x' }, [audio]);
    expect(outside.statusCode).toBe(403);
    await expectNothingStored(before);
  });

  it('401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qa/calls',
      ...multipart({}, [vttFile()]),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('parallel uploads', () => {
  it('accepts several calls at once and analyses each into its own item', async () => {
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        upload(
          tokens.owner,
          {
            agentIdentityId: n % 2 ? agents.alice : agents.bob,
            title: `Parallel ${n}`,
            occurredAt: `2026-11-0${n}T08:00:00Z`,
          },
          [vttFile()],
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202, 202, 202]);
    const ids = responses.map((r) => r.json().callId as string);
    expect(new Set(ids).size).toBe(4);
    const details = await Promise.all(ids.map((id) => untilAnalysed(tokens.owner, id)));
    expect(details.map((d) => d.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(new Set(details.map((d) => d.qcItemId)).size).toBe(4);
  });
});

describe('QA items: scope, review, filters, sorts, paging', () => {
  it('answers 404 to another organisation’s admin, and lists none of its items', async () => {
    const [item] = (await listItems(tokens.owner, { limit: 1 })).items;
    expect(
      (await call(t.app, 'GET', `/api/qa/items/${item.qcItemId}`, { token: tokens.ownerB })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/qa/calls/${item.callId}`, { token: tokens.ownerB })).statusCode,
    ).toBe(404);
    const review = await call(t.app, 'PUT', `/api/qa/items/${item.qcItemId}/review`, {
      token: tokens.ownerB,
      body: { isReviewed: true },
    });
    expect(review.statusCode).toBe(404);
    expect((await listItems(tokens.ownerB)).totalItemCount).toBe(0);
  });

  it('shows a manager only the items and calls of the agents of the teams they manage', async () => {
    const all = await listItems(tokens.owner, { limit: 50 });
    const bobs = all.items.filter((i) => i.userIds[0] === agents.bob);
    expect(bobs.length).toBeGreaterThan(0);
    const mine = await listItems(tokens.manager, { limit: 50 });
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i) => i.userIds[0] === agents.alice)).toBe(true);
    expect(mine.totalItemCount).toBe(all.items.filter((i) => i.userIds[0] === agents.alice).length);
    expect(
      (await call(t.app, 'GET', `/api/qa/items/${bobs[0].qcItemId}`, { token: tokens.manager })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/qa/calls/${bobs[0].callId}`, { token: tokens.manager })).statusCode,
    ).toBe(404);
    const values = await call(
      t.app,
      'GET',
      '/api/qa/fields/possible-values?fieldKeys=agentName,source,redCount',
      {
        token: tokens.manager,
      },
    );
    expect(values.json()).toEqual({
      values: { agentName: ['Alice Agent'], source: ['UPLOAD'], redCount: [] },
    });
    const ownerValues = await call(t.app, 'GET', '/api/qa/fields/possible-values?fieldKeys=agentName', {
      token: tokens.owner,
    });
    expect(ownerValues.json().values.agentName).toEqual(['Alice Agent', 'Bob Berg']);
  });

  it('toggles an item between reviewed and not reviewed', async () => {
    const [item] = (await listItems(tokens.manager, { limit: 1 })).items;
    const marked = await call(t.app, 'PUT', `/api/qa/items/${item.qcItemId}/review`, {
      token: tokens.manager,
      body: { isReviewed: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(qcItemSchema.parse(marked.json()).review.isMarked).toBe(true);
    const reviewed = await listItems(tokens.owner, { isReviewed: 'true', limit: 50 });
    expect(reviewed.items.map((i) => i.qcItemId)).toEqual([item.qcItemId]);
    const unmarked = await call(t.app, 'PUT', `/api/qa/items/${item.qcItemId}/review`, {
      token: tokens.manager,
      body: { isReviewed: false },
    });
    expect(unmarked.json().review.isMarked).toBe(false);
    expect((await listItems(tokens.owner, { isReviewed: 'true' })).totalItemCount).toBe(0);
  });

  it('lists newest first by default and sorts by flag, agent and a dynamic field', async () => {
    const all = (await listItems(tokens.owner, { limit: 50 })).items;
    expect(all.length).toBeGreaterThanOrEqual(8);
    const times = all.map((i) => i.qcTimestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byFlag = (await listItems(tokens.owner, { sort: 'flagLevel', order: 'desc', limit: 50 })).items;
    const priorities = byFlag.map((i) => FLAG_PRIORITY[i.flagLevel]);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    const byUser = (await listItems(tokens.owner, { sort: 'user', order: 'asc', limit: 50 })).items;
    const names = byUser.map((i) => String(i.fields.agentName));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names[0]).toBe('Alice Agent');
    expect(names.at(-1)).toBe('Bob Berg');
    const byTitle = (await listItems(tokens.owner, { sort: 'field:callTitle', order: 'asc', limit: 50 }))
      .items;
    const titles = byTitle.map((i) => String(i.fields.callTitle));
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const unknown = await call(t.app, 'GET', '/api/qa/items?sort=field:nonsense', { token: tokens.owner });
    expect(unknown.statusCode).toBe(400);
  });

  it('filters by time, agent, flag and dynamic fields, and pages with a total', async () => {
    const all = (await listItems(tokens.owner, { limit: 50 })).items;
    const from = Date.parse('2026-11-10T00:00:00Z') / 1000;
    const to = Date.parse('2026-11-11T23:59:59Z') / 1000;
    const week = await listItems(tokens.owner, { fromTime: from, toTime: to, limit: 50 });
    expect(week.items.map((i) => i.fields.callTitle).sort()).toEqual(['Broken headset', 'Invoice question']);
    const bob = await listItems(tokens.owner, { userIds: agents.bob, limit: 50 });
    expect(bob.totalItemCount).toBe(all.filter((i) => i.userIds[0] === agents.bob).length);
    const yellow = await listItems(tokens.owner, { flagLevels: 'YELLOW', limit: 50 });
    expect(yellow.items.every((i) => i.flagLevel === 'YELLOW')).toBe(true);
    expect(yellow.totalItemCount).toBe(all.filter((i) => i.flagLevel === 'YELLOW').length);
    const titled = await listItems(tokens.owner, {
      dynamicFields: JSON.stringify({ callTitle: ['Parallel 1', 'Parallel 2'] }),
    });
    expect(titled.items.map((i) => i.fields.callTitle).sort()).toEqual(['Parallel 1', 'Parallel 2']);
    const team = await listItems(tokens.owner, { teamId: sales.id, limit: 50 });
    expect(team.items.every((i) => i.userIds[0] === agents.alice)).toBe(true);

    const page1 = await listItems(tokens.owner, { limit: 3, offset: 0 });
    const page2 = await listItems(tokens.owner, { limit: 3, offset: 3 });
    expect(page1.totalItemCount).toBe(all.length);
    expect(page1.items.map((i) => i.qcItemId)).toEqual(all.slice(0, 3).map((i) => i.qcItemId));
    expect(page2.items.map((i) => i.qcItemId)).toEqual(all.slice(3, 6).map((i) => i.qcItemId));
  });

  it('GET /api/admin/qc-items pages red and yellow items by cursor, newest first', async () => {
    const all = (await listItems(tokens.owner, { limit: 50 })).items.filter(
      (i) => i.flagLevel === 'RED' || i.flagLevel === 'YELLOW',
    );
    expect(all.length).toBeGreaterThanOrEqual(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const qs: string = `pageLimit=2${cursor ? `&pageCursor=${cursor}` : ''}`;
      const res = await call(t.app, 'GET', `/api/admin/qc-items?${qs}`, { token: tokens.owner });
      expect(res.statusCode, res.body).toBe(200);
      const body = adminQcItemsSchema.parse(res.json());
      expect(body.pageTotal).toBe(all.length);
      seen.push(...body.qcItems.map((i) => i.qcItemId));
      cursor = body.pageLastCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((i) => i.qcItemId));
    const green = await call(t.app, 'GET', '/api/admin/qc-items?flagLevels=GREEN', { token: tokens.owner });
    expect(green.json().qcItems.every((i: QcItem) => i.flagLevel === 'GREEN')).toBe(true);
    const bad = await call(t.app, 'GET', '/api/admin/qc-items?pageCursor=nonsense', { token: tokens.owner });
    expect(bad.statusCode).toBe(400);
  });
});

describe('re-answering after a question changes', () => {
  it('answers a changed question again on the analysed calls and the items’ flags follow', async () => {
    const before = (
      await listItems(tokens.owner, { dynamicFields: JSON.stringify({ callTitle: ['Broken headset'] }) })
    ).items[0];
    expect(before.bullets.find((b) => b.questionId === questions.refund)?.flagLevel).toBe('YELLOW');
    const res = await call(t.app, 'PUT', `/api/qa/questions/${questions.refund}`, {
      token: tokens.owner,
      body: {
        questionText: 'Did the agent promise a refund?',
        presentationText: 'Agents never promise refunds; finance decides.',
        purposes: ['QUALITY'],
        isActive: true,
        isTrueGood: false,
        severity: 'HIGH',
        speaker: 'AGENT',
        phrases: ['promise you a full refund', 'promise a refund'],
        examples: [],
        questionSetIds: [scorecardId],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    let after: QcItem | undefined;
    for (let i = 0; i < 300; i++) {
      const got = await call(t.app, 'GET', `/api/qa/items/${before.qcItemId}`, { token: tokens.owner });
      after = qcItemSchema.parse(got.json());
      if (after.bullets.find((b) => b.questionId === questions.refund)?.flagLevel === 'RED') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(after?.bullets.find((b) => b.questionId === questions.refund)?.flagLevel).toBe('RED');
    expect(after?.flagLevel).toBe('RED');
  });

  it('answers a new question on the calls analysed before it existed', async () => {
    const added = await createQuestion(tokens.owner, {
      purposes: ['QUALITY'],
      isActive: true,
      speaker: 'CUSTOMER',
      examples: [],
      questionSetIds: [scorecardId],
      questionText: 'Did the customer thank the agent?',
      presentationText: 'A thankful customer.',
      isTrueGood: true,
      severity: 'MEDIUM',
      phrases: ['thanks'],
    });
    const target = (
      await listItems(tokens.owner, { dynamicFields: JSON.stringify({ callTitle: ['Invoice question'] }) })
    ).items[0];
    let bullet: QcItem['bullets'][number] | undefined;
    for (let i = 0; i < 300 && !bullet; i++) {
      const got = await call(t.app, 'GET', `/api/qa/items/${target.qcItemId}`, { token: tokens.owner });
      bullet = qcItemSchema.parse(got.json()).bullets.find((b) => b.questionId === added);
      if (!bullet) await new Promise((r) => setTimeout(r, 200));
    }
    expect(bullet).toMatchObject({ answer: 'YES', flagLevel: 'GREEN' });
  });

  it('answers it as a new call is answered: together with the other questions of the scorecards', async () => {
    // An organisation of its own: its scorecard is asked of every agent's calls.
    const owner = await buildAdmin(t.db, { email: 'owner@qa-calls-c.example' });
    const agent = (await buildMember(t.db, { orgId: owner.orgId, name: 'Cleo Caller' })).id;
    const token = await adminToken('owner@qa-calls-c.example');
    // The script's welcome line fits both behaviours as well. Asked together, it is evidence of one
    // of them; asked alone, of whichever is asked — so a question re-answered alone got another answer.
    const set = await call(t.app, 'POST', '/api/qa/question-sets', {
      token,
      body: { name: 'Openings' },
    });
    expect(set.statusCode, set.body).toBe(201);
    const setId = set.json().questionSetId as string;
    const script = multipart(
      {},
      {
        name: 'documentFile',
        filename: 'script.txt',
        contentType: 'text/plain',
        data: Buffer.from('Welcome line\n- Say: Welcome to Northwind, home of the blue kettle.\n'),
      },
    );
    const stored = await t.app.inject({
      method: 'POST',
      url: `/api/qa/question-sets/${setId}/documents`,
      payload: script.payload,
      headers: { ...script.headers, authorization: `Bearer ${token}` },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const asked = {
      say: { questionText: 'Did the agent say the welcome line?', phrases: ['good morning'] },
      give: { questionText: 'Did the agent give the welcome line?', phrases: ['thank you for calling'] },
    };
    const body = (q: (typeof asked)['say'], severity: 'MEDIUM' | 'HIGH') => ({
      ...q,
      purposes: ['QUALITY'],
      isActive: true,
      speaker: 'AGENT',
      examples: [],
      questionSetIds: [setId],
      presentationText: 'Part of the opening.',
      isTrueGood: true,
      severity,
    });
    const ids = {
      say: await createQuestion(token, body(asked.say, 'MEDIUM')),
      give: await createQuestion(token, body(asked.give, 'MEDIUM')),
    };
    const { item } = await uploadAndAnalyse(
      { agentIdentityId: agent, title: 'Northwind opening' },
      [
        vttFile(
          'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Agent>Welcome to Northwind, home of the blue kettle.\n',
        ),
      ],
      token,
    );
    const answers = (i: QcItem) =>
      Object.fromEntries(
        i.bullets
          .filter((b) => Object.values(ids).includes(b.questionId))
          .map((b) => [b.questionId, { answer: b.answer, confidence: b.confidence }]),
      );
    const analysed = answers(item);
    expect(Object.values(analysed).map((a) => a.answer)).toContain('YES');
    expect(Object.values(analysed).map((a) => a.answer)).toContain('NO');

    // A change that re-answers each question and cannot change its answer: its severity.
    for (const key of ['say', 'give'] as const) {
      const res = await call(t.app, 'PUT', `/api/qa/questions/${ids[key]}`, {
        token,
        body: body(asked[key], 'HIGH'),
      });
      expect(res.statusCode, res.body).toBe(200);
      for (let i = 0; i < 300; i++) {
        const [row] = await t.db
          .select({ version: qaAnswers.questionVersion })
          .from(qaAnswers)
          .where(and(eq(qaAnswers.itemId, item.qcItemId), eq(qaAnswers.questionId, ids[key])));
        if (row?.version === 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const got = await call(t.app, 'GET', `/api/qa/items/${item.qcItemId}`, { token });
    const reanswered = qcItemSchema.parse(got.json());
    expect(
      reanswered.bullets.filter((b) => Object.values(ids).includes(b.questionId)).map((b) => b.severity),
    ).toEqual(['HIGH', 'HIGH']);
    expect(answers(reanswered)).toEqual(analysed);
  });
});

const silenceFile = (): FilePart => ({
  name: 'audio',
  filename: 'silence.wav',
  contentType: 'audio/wav',
  // One second of digital silence, a valid WAV: its analysis fails with a readable reason.
  data: wav16kMono(new Uint8Array(32_000)),
});

async function uploadList(token: string) {
  const res = await call(t.app, 'GET', '/api/qa/calls', { token });
  expect(res.statusCode, res.body).toBe(200);
  return callListSchema.parse(res.json()).calls;
}

describe('failed analysis', () => {
  it('shows a readable error when the recording holds no speech', async () => {
    const res = await upload(tokens.owner, { agentIdentityId: agents.bob, title: 'Silence' }, [
      silenceFile(),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const detail = await untilAnalysed(tokens.owner, res.json().callId);
    expect(detail.status).toBe('failed');
    expect(detail.error).toBe(QA_ANALYSIS_TEXTS.noSpeech);
    expect(detail.qcItemId).toBeNull();
  }, 120_000);

  it('lists failed and recent calls from the database for every admin who sees the agent, to retry or remove', async () => {
    const failed = await upload(tokens.manager, { agentIdentityId: agents.alice, title: 'Silent line' }, [
      silenceFile(),
    ]);
    expect(failed.statusCode, failed.body).toBe(202);
    const failedId = failed.json().callId as string;
    const bobsCall = await upload(
      tokens.owner,
      { agentIdentityId: agents.bob, title: 'Silent support line' },
      [silenceFile()],
    );
    expect(bobsCall.statusCode, bobsCall.body).toBe(202);
    // Listed at once (queued or running), not only in the uploading page's memory.
    expect((await uploadList(tokens.owner)).find((c) => c.callId === failedId)?.status).toMatch(
      /queued|running|failed/,
    );
    await untilAnalysed(tokens.owner, failedId);
    const done = await uploadAndAnalyse({ agentIdentityId: agents.alice, title: 'Listed when done' }, [
      vttFile(),
    ]);

    // The uploader and the owner (another tab, another admin) read the same unfinished calls; the
    // owner's own upload just analysed is listed for them with its item, newest first.
    for (const token of [tokens.manager, tokens.owner]) {
      expect((await uploadList(token)).find((c) => c.callId === failedId)).toMatchObject({
        title: 'Silent line',
        status: 'failed',
        error: QA_ANALYSIS_TEXTS.noSpeech,
        qcItemId: null,
      });
    }
    const ownerIds = (await uploadList(tokens.owner)).map((c) => c.callId);
    expect(ownerIds.indexOf(done.call.callId)).toBeLessThan(ownerIds.indexOf(failedId));
    expect((await uploadList(tokens.owner)).find((c) => c.callId === done.call.callId)).toMatchObject({
      status: 'done',
      qcItemId: done.item.qcItemId,
    });
    expect((await uploadList(tokens.manager)).some((c) => c.callId === done.call.callId)).toBe(false);
    // Bob's silent call (support team) is not the manager's; another organisation sees none.
    expect((await uploadList(tokens.manager)).every((c) => c.agent.identityId === agents.alice)).toBe(true);
    expect((await uploadList(tokens.owner)).some((c) => c.agent.identityId === agents.bob)).toBe(true);
    expect(await uploadList(tokens.ownerB)).toEqual([]);
    await untilAnalysed(tokens.owner, bobsCall.json().callId);
    expect(
      (await call(t.app, 'POST', `/api/qa/calls/${bobsCall.json().callId}/retry`, { token: tokens.manager }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/qa/calls/${failedId}`, { token: tokens.ownerB })).statusCode,
    ).toBe(404);

    // Retry queues it again (it fails again: still silence); an analysed call is neither retried nor removed.
    const retry = await call(t.app, 'POST', `/api/qa/calls/${failedId}/retry`, { token: tokens.manager });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toEqual({ callId: failedId, status: 'queued' });
    expect((await untilAnalysed(tokens.owner, failedId)).error).toBe(QA_ANALYSIS_TEXTS.noSpeech);
    for (const [method, url] of [
      ['POST', `/api/qa/calls/${done.call.callId}/retry`],
      ['DELETE', `/api/qa/calls/${done.call.callId}`],
    ] as const) {
      const res = await call(t.app, method, url, { token: tokens.owner });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(CALL_UPLOAD_TEXTS.notFailed);
    }

    // Remove takes the call and its recording away, for everyone.
    const before = storedRecordings(orgA).length;
    const removed = await call(t.app, 'DELETE', `/api/qa/calls/${failedId}`, { token: tokens.manager });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(storedRecordings(orgA)).toHaveLength(before - 1);
    expect((await call(t.app, 'GET', `/api/qa/calls/${failedId}`, { token: tokens.owner })).statusCode).toBe(
      404,
    );
    expect((await uploadList(tokens.owner)).some((c) => c.callId === failedId)).toBe(false);
  }, 240_000);
});
