import { readFileSync } from 'node:fs';
import { qcItemListSchema } from '@agaton/contracts';
import { DEMO_ACCOUNTS, qaCalls, qaItems, seedDemoData, teams } from '@agaton/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../lib/context.ts';
import { answerCall, createQaJobs } from '../modules/qa/index.ts';
import { LocalObjectStore } from '../providers/storage/local-store.ts';
import { call, createTestApp, serviceContext, type TestApp } from '../testing/test-app.ts';
import { seedDemoQa, seedDemoQaReviews } from './demo-qa.ts';

let t: TestApp;
let ctx: AppContext;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  // No queue: the test answers the calls itself with the function the analysis job runs.
  ctx = serviceContext(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function signIn(username: string) {
  const login = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username, password: DEMO_ACCOUNTS.password },
  });
  return login.json().accessToken as string;
}

it('gives the demo organisation scorecards and calls whose answers flag the bad ones, once', async () => {
  const deps = { store: new LocalObjectStore(t.config.DATA_DIR), qaJobs: createQaJobs(ctx, null) };
  expect(await seedDemoQa(ctx, deps)).toBe(11);
  expect(await seedDemoQa(ctx, deps)).toBe(0);

  for (const c of await t.db.select({ id: qaCalls.id }).from(qaCalls)) await answerCall(ctx, c.id);

  const admin = await signIn(DEMO_ACCOUNTS.admin);
  const sets = (await call(t.app, 'GET', '/api/qa/question-sets', { token: admin })).json();
  expect(sets.questionSets.map((s: { name: string }) => s.name).sort()).toEqual([
    'Compliance',
    'Customer Service Essentials',
    'Sales Conversations',
  ]);
  expect(sets.questionSets.some((s: { documentCount: number }) => s.documentCount > 0)).toBe(true);
  // Support's scorecard is for the Support team, Sales' for Sales, Compliance for everyone.
  const teamName = new Map((await t.db.select().from(teams)).map((team) => [team.id, team.name]));
  const teamsOf = Object.fromEntries(
    sets.questionSets.map((s: { name: string; teamIds: string[] }) => [
      s.name,
      s.teamIds.map((id) => teamName.get(id)),
    ]),
  );
  expect(teamsOf).toEqual({
    Compliance: [],
    'Customer Service Essentials': ['Support'],
    'Sales Conversations': ['Sales'],
  });

  // Ten transcripts answered; the recording waits for the speech engine (the workers do that).
  const all = qcItemListSchema.parse(
    (await call(t.app, 'GET', '/api/qa/items?limit=50', { token: admin })).json(),
  );
  expect(all.totalItemCount).toBe(10);
  expect(all.items.some((i) => i.flagLevel === 'RED')).toBe(true);
  expect(all.items.some((i) => i.flagLevel === 'GREEN' || i.flagLevel === 'YELLOW')).toBe(true);
  for (const item of all.items) {
    expect(item.bullets.length).toBeGreaterThanOrEqual(6);
    for (const bullet of item.bullets) {
      for (const citation of bullet.sessionCitations) expect(citation.quotes.length).toBeGreaterThan(0);
    }
  }

  // A call is asked the scorecards of its agent's team (and Compliance): a sales call is never asked
  // whether the agent verified the customer's identity, a support call never about a closing ask.
  const cards = JSON.parse(readFileSync(new URL('./demo-qa/scorecards.json', import.meta.url), 'utf8')) as {
    scorecards: { key: string; questions: { questionText: string }[] }[];
  };
  const textsOf = (key: string) =>
    new Set(cards.scorecards.find((c) => c.key === key)?.questions.map((q) => q.questionText));
  const salesAgents = new Set(['Sam Seller', 'Riley Rep', 'Casey Coach']);
  let salesCalls = 0;
  for (const item of all.items) {
    const asked = item.bullets.map((b) => b.questionText);
    const isSales = salesAgents.has(String(item.fields.agentName));
    if (isSales) salesCalls += 1;
    expect(asked.filter((q) => textsOf(isSales ? 'support' : 'sales').has(q))).toEqual([]);
    expect(asked.filter((q) => textsOf(isSales ? 'sales' : 'support').has(q)).length).toBeGreaterThan(0);
    expect(asked.filter((q) => textsOf('compliance').has(q)).length).toBe(textsOf('compliance').size);
  }
  expect(salesCalls).toBe(4);
  expect(asked(all.items, "Did the agent verify the customer's identity?")).toEqual([
    'Jordan Helpdesk',
    'Parker Support',
  ]);

  // The manager of "Sales" sees the Sales agents' calls only.
  const manager = await signIn(DEMO_ACCOUNTS.manager);
  const sales = qcItemListSchema.parse(
    (await call(t.app, 'GET', '/api/qa/items?limit=50', { token: manager })).json(),
  );
  expect(sales.totalItemCount).toBe(4);
  for (const item of sales.items) expect(salesAgents.has(String(item.fields.agentName))).toBe(true);

  // Some answers were close calls: they wait for a person.
  expect(all.items.some((i) => i.bullets.some((b) => b.needsReview))).toBe(true);
}, 180_000);

it("adds a reviewer's override and an agent's dispute to the answered demo calls, once", async () => {
  // The calls were answered by the test above; the analysis job marks them done after that (the
  // recording, never answered here, is no target).
  const answered = await t.db.select({ callId: qaItems.callId }).from(qaItems);
  await t.db
    .update(qaCalls)
    .set({ status: 'done' })
    .where(
      inArray(
        qaCalls.id,
        answered.map((a) => a.callId),
      ),
    );
  expect(await seedDemoQaReviews(ctx, { pollMs: 10, timeoutMs: 10_000 })).toBe(2);
  expect(await seedDemoQaReviews(ctx, { pollMs: 10, timeoutMs: 10_000 })).toBe(0);

  const admin = await signIn(DEMO_ACCOUNTS.admin);
  const all = qcItemListSchema.parse(
    (await call(t.app, 'GET', '/api/qa/items?limit=50', { token: admin })).json(),
  );
  const bullets = all.items.flatMap((i) => i.bullets.map((b) => ({ ...b, agent: i.fields.agentName })));
  const overridden = bullets.filter((b) => b.review.override);
  expect(overridden).toHaveLength(1);
  expect(overridden[0]).toMatchObject({
    agent: 'Sam Seller',
    questionText: 'Did the agent promise a result they cannot guarantee?',
    answer: 'NO',
    flagLevel: 'GREEN',
    review: { override: { reviewer: { kind: 'ADMIN', name: 'Avery Admin' } } },
  });
  // The demo coach, Casey, is the agent of one Sales call and disputes an answer of it.
  const disputed = qcItemListSchema.parse(
    (await call(t.app, 'GET', '/api/qa/items?limit=50&hasOpenDispute=true', { token: admin })).json(),
  );
  expect(disputed.items.map((i) => i.fields.agentName)).toEqual(['Casey Coach']);
  expect(disputed.items[0].bullets.find((b) => b.review.disputeOpen)).toMatchObject({
    questionText: "Did the agent ask about the customer's needs?",
    review: { agentResponse: { kind: 'DISPUTE', agent: { kind: 'AGENT', name: 'Casey Coach' } } },
  });
  // Still some answers to review.
  expect(bullets.some((b) => b.needsReview)).toBe(true);

  // Casey sees the call in the coach area.
  const coach = await call(t.app, 'POST', '/api/authn/password', {
    body: { username: DEMO_ACCOUNTS.coach, password: DEMO_ACCOUNTS.password, realm: 'whiskey' },
  });
  const session = await call(t.app, 'POST', '/api/token', { body: { code: coach.json().code } });
  const mine = qcItemListSchema.parse(
    (await call(t.app, 'GET', '/api/app-user/qa-items', { token: session.json().accessToken })).json(),
  );
  expect(mine.items.map((i) => i.fields.callTitle)).toEqual(['Customer orders the Basic plan']);
}, 60_000);

/** The agents whose calls were asked this question. */
function asked(
  items: { fields: Record<string, unknown>; bullets: { questionText: string }[] }[],
  text: string,
) {
  return [
    ...new Set(
      items
        .filter((i) => i.bullets.some((b) => b.questionText === text))
        .map((i) => String(i.fields.agentName)),
    ),
  ].sort();
}
