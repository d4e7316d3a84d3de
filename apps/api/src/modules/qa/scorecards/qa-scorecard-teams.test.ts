import {
  type CallDetail,
  callDetailSchema,
  type QcItem,
  qcItemSchema,
  questionSetSchema,
} from '@agaton/contracts';
import { buildAdmin, buildMember, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { multipart } from '../../scoring/scoring.test-helper.ts';

/**
 * Scorecards for teams: a call is asked the questions of the scorecards that apply to its agent (no
 * teams, or a team the agent belongs to); changing a scorecard's teams answers calls again.
 */

let t: TestApp;
let token = '';
let otherToken = '';
const teams = { sales: '', support: '', otherOrg: '' };
const agents = { sam: '', parker: '' };

const VTT = `WEBVTT

00:00:00.000 --> 00:00:04.000
<v Agent>Hello, thank you for calling Agaton, this is Sam.

00:00:04.500 --> 00:00:08.000
<v Customer>Hi. I would like to hear about your premium plan.

00:00:08.500 --> 00:00:13.000
<v Agent>Of course, the premium plan includes priority support and costs twenty euros.
`;

function upload(agentIdentityId: string, title: string) {
  const body = multipart({ agentIdentityId, title }, [
    { name: 'transcript', filename: 'call.vtt', contentType: 'text/vtt', data: Buffer.from(VTT) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/qa/calls',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

async function analysed(callId: string): Promise<CallDetail> {
  for (let i = 0; i < 600; i++) {
    const detail = callDetailSchema.parse(
      (await call(t.app, 'GET', `/api/qa/calls/${callId}`, { token })).json(),
    );
    if (detail.status === 'done' || detail.status === 'failed') return detail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the call analysis did not finish');
}

async function item(qcItemId: string): Promise<QcItem> {
  const res = await call(t.app, 'GET', `/api/qa/items/${qcItemId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return qcItemSchema.parse(res.json());
}

/** The item once `done` holds (re-answering runs in the background). */
async function itemUntil(qcItemId: string, done: (i: QcItem) => boolean) {
  let got = await item(qcItemId);
  for (let i = 0; i < 300 && !done(got); i++) {
    await new Promise((r) => setTimeout(r, 200));
    got = await item(qcItemId);
  }
  return got;
}

const patchSet = (id: string, body: unknown, as = token) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/qa/question-sets/${id}`,
    payload: body as object,
    headers: { authorization: `Bearer ${as}` },
  });

async function addQuestion(questionSetId: string, fields: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/qa/questions', {
    token,
    body: {
      purposes: ['QUALITY'],
      isActive: true,
      speaker: 'AGENT',
      examples: [],
      questionSetIds: [questionSetId],
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().questionId as string;
}

beforeAll(async () => {
  t = await createTestApp({}, { analysisWorkers: true });
  const owner = await buildAdmin(t.db, { email: 'owner@qa-teams-a.example' });
  teams.sales = (await buildTeam(t.db, { orgId: owner.orgId, name: 'Sales' })).id;
  teams.support = (await buildTeam(t.db, { orgId: owner.orgId, name: 'Support' })).id;
  agents.sam = (
    await buildMember(t.db, { orgId: owner.orgId, name: 'Sam Seller', teams: [{ teamId: teams.sales }] })
  ).id;
  agents.parker = (
    await buildMember(t.db, {
      orgId: owner.orgId,
      name: 'Parker Support',
      teams: [{ teamId: teams.support }],
    })
  ).id;
  const other = await buildAdmin(t.db, { email: 'owner@qa-teams-b.example' });
  teams.otherOrg = (await buildTeam(t.db, { orgId: other.orgId, name: 'Sales' })).id;
  const signIn = async (username: string) =>
    (await call(t.app, 'POST', '/api/admin/auth', { body: { username, password: FACTORY_PASSWORD } })).json()
      .accessToken as string;
  token = await signIn('owner@qa-teams-a.example');
  otherToken = await signIn('owner@qa-teams-b.example');
}, 60_000);
afterAll(() => t?.close());

describe('a scorecard’s teams', () => {
  it('are the organisation’s teams (404 for another organisation’s, 400 for a malformed id)', async () => {
    const foreign = await call(t.app, 'POST', '/api/qa/question-sets', {
      token,
      body: { name: 'Foreign', teamIds: [teams.otherOrg] },
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await call(t.app, 'POST', '/api/qa/question-sets', {
      token,
      body: { name: 'Malformed', teamIds: ['sales'] },
    });
    expect(malformed.statusCode).toBe(400);
    const names = (await call(t.app, 'GET', '/api/qa/question-sets', { token })).json().questionSets;
    expect(names).toEqual([]);

    const created = await call(t.app, 'POST', '/api/qa/question-sets', {
      token,
      body: { name: 'Team check', teamIds: [teams.support, teams.sales, teams.support] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const set = questionSetSchema.parse(created.json());
    expect([...set.teamIds].sort()).toEqual([teams.sales, teams.support].sort());

    // PATCH with teams only keeps the name; with nothing is refused; another organisation's team is 404.
    const onlyTeams = await patchSet(set.questionSetId, { teamIds: [teams.sales] });
    expect(onlyTeams.statusCode, onlyTeams.body).toBe(200);
    expect(onlyTeams.json()).toMatchObject({ name: 'Team check', teamIds: [teams.sales] });
    expect((await patchSet(set.questionSetId, {})).statusCode).toBe(400);
    expect((await patchSet(set.questionSetId, { teamIds: [teams.otherOrg] })).statusCode).toBe(404);
    expect((await patchSet(set.questionSetId, { teamIds: [teams.sales] }, otherToken)).statusCode).toBe(404);
    const renamed = await patchSet(set.questionSetId, { name: 'Team check 2' });
    expect(renamed.json()).toMatchObject({ name: 'Team check 2', teamIds: [teams.sales] });
    const cleared = await patchSet(set.questionSetId, { teamIds: [] });
    expect(cleared.json().teamIds).toEqual([]);
    expect(
      (await call(t.app, 'DELETE', `/api/qa/question-sets/${set.questionSetId}`, { token })).statusCode,
    ).toBe(204);
  });

  it('decide which calls are asked its questions, and a change of teams answers calls again', async () => {
    const support = questionSetSchema.parse(
      (
        await call(t.app, 'POST', '/api/qa/question-sets', {
          token,
          body: { name: 'Support', teamIds: [teams.support] },
        })
      ).json(),
    );
    const everyone = questionSetSchema.parse(
      (await call(t.app, 'POST', '/api/qa/question-sets', { token, body: { name: 'Everyone' } })).json(),
    );
    expect(everyone.teamIds).toEqual([]);
    const verify = await addQuestion(support.questionSetId, {
      questionText: "Did the agent verify the customer's identity?",
      presentationText: 'The agent checks who they are talking to.',
      isTrueGood: true,
      severity: 'HIGH',
      phrases: ['date of birth', 'security question'],
    });
    const greet = await addQuestion(everyone.questionSetId, {
      questionText: 'Did the agent thank the customer for calling?',
      presentationText: 'A friendly opening.',
      isTrueGood: true,
      severity: 'MEDIUM',
      phrases: ['thank you for calling'],
    });

    const samCall = await upload(agents.sam, 'Premium plan');
    const parkerCall = await upload(agents.parker, 'Premium plan (support)');
    expect(samCall.statusCode, samCall.body).toBe(202);
    expect(parkerCall.statusCode, parkerCall.body).toBe(202);
    const sam = await analysed(samCall.json().callId);
    const parker = await analysed(parkerCall.json().callId);
    expect(sam.qcItemId).toBeTruthy();
    expect(parker.qcItemId).toBeTruthy();

    // Sam is in Sales: only the scorecard for everyone; the call thanked the caller, so it is green.
    const samItem = await item(sam.qcItemId ?? '');
    expect(samItem.bullets.map((b) => b.questionId)).toEqual([greet]);
    expect(samItem.flagLevel).toBe('GREEN');
    // Parker is in Support: asked both, and no identity check is a red flag.
    const parkerItem = await item(parker.qcItemId ?? '');
    expect(parkerItem.bullets.map((b) => b.questionId).sort()).toEqual([greet, verify].sort());
    expect(parkerItem.flagLevel).toBe('RED');

    // The Support scorecard now applies to Sales too: Sam's call is asked it.
    expect(
      (await patchSet(support.questionSetId, { teamIds: [teams.support, teams.sales] })).statusCode,
    ).toBe(200);
    const gained = await itemUntil(sam.qcItemId ?? '', (i) => i.bullets.some((b) => b.questionId === verify));
    expect(gained.bullets.find((b) => b.questionId === verify)).toMatchObject({
      answer: 'NO',
      flagLevel: 'RED',
    });
    expect(gained.flagLevel).toBe('RED');

    // Back to Support only: Sam's call loses the answer and is green again; Parker's keeps it.
    expect((await patchSet(support.questionSetId, { teamIds: [teams.support] })).statusCode).toBe(200);
    const lost = await itemUntil(sam.qcItemId ?? '', (i) => !i.bullets.some((b) => b.questionId === verify));
    expect(lost.bullets.map((b) => b.questionId)).toEqual([greet]);
    expect(lost.flagLevel).toBe('GREEN');
    const kept = await item(parker.qcItemId ?? '');
    expect(kept.bullets.map((b) => b.questionId).sort()).toEqual([greet, verify].sort());
    expect(kept.flagLevel).toBe('RED');
  }, 180_000);
});
