/**
 * `npm run bench:chat`: Ask Agaton's offline assistant on three question sets with answer keys — the
 * tuning set (chat-tuning.ts, 40 questions the recogniser was built with), held-out set 1
 * (chat-heldout.ts, written apart; its misses were then fixed by general rules, so it is "seen") and
 * held-out set 2 (chat-heldout-fresh.ts, seen too), held-out sets 3 and 4 (chat-heldout-3.ts,
 * chat-heldout-4.ts, never used to change anything) — through the real app on a listening port
 * (PGlite, demo organisation seeded). Prints, per set, the share answered correctly, the share of
 * out-of-scope questions refused, and the time to the first streamed token — offline, or with the
 * model named by LLM_BASE_URL, LLM_API_KEY and LLM_MODEL when they are set.
 *
 * Data: the demo organisation (`seedDemoData`: Sales with Casey Coach, Sam Seller, Riley Rep; Support
 * with Parker Support, Jordan Helpdesk), a second organisation, and analysed sessions built from the
 * engine's real meeting analysis (`sessions/fixtures/meeting-analysis.json`) with known overall scores
 * and dates, so each key is the stored truth. (The demo's own recordings take minutes to analyse; the
 * assistant reads the same stored metrics either way.) Targets (issue 15): ≥ 80 % correct offline,
 * 100 % of out-of-scope questions refused. Exits 1 when a question gets no answer at all.
 *
 * Smoke run (BENCH_SMOKE=1): per set its first question in scope and first out of scope, 2 question
 * types and 2 article questions.
 */
import { DEMO_ACCOUNTS, members, seedDemoData, users } from '@agaton/db';
import { buildAdmin, buildUser, createTestDatabase, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { announceSmoke, SMOKE, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { recogniseQuestion } from '../src/modules/chat/assistant/question-types.ts';
import { addSession } from '../src/modules/chat/chat.test-helper.ts';
import { ARTICLE_QUESTIONS, articleRetrieval } from './chat-articles.ts';
import type { BenchData, BenchPerson, BenchSession, Case } from './chat-cases.ts';
import { heldOutCases } from './chat-heldout.ts';
import { heldOut3Cases } from './chat-heldout-3.ts';
import { heldOut4Cases } from './chat-heldout-4.ts';
import { heldOutFreshCases } from './chat-heldout-fresh.ts';
import { INTENT_QUESTIONS } from './chat-intents.ts';
import { tuningCases } from './chat-tuning.ts';

announceSmoke('2 questions per set, 2 question types, 2 article questions');
const DAY = 24 * 3600 * 1000;
const now = Date.now();
const database = await createTestDatabase();
const { db } = database;
await seedDemoData(db);
const config = loadConfig({
  DATA_DIR: '/tmp/agaton-bench-chat',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_MAX: '100000',
  SCORING_WARM: '0',
  CHAT_STREAM_DELAY_MS: '0',
  // With LLM_BASE_URL and LLM_MODEL set, the same questions go to the model.
  LLM_BASE_URL: process.env.LLM_BASE_URL ?? '',
  LLM_API_KEY: process.env.LLM_API_KEY ?? '',
  LLM_MODEL: process.env.LLM_MODEL ?? '',
});
const mode = config.LLM_BASE_URL && config.LLM_MODEL ? `with the model ${config.LLM_MODEL}` : 'offline';
const app = await buildApp({ config, db, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// Known sessions, oldest first: the coach's six, and two colleagues' (Sam has two a month earlier).
async function sessionsOf(userId: string, days: number[], totals: number[]): Promise<BenchSession[]> {
  const out = [];
  for (const [i, total] of totals.entries()) {
    const row = await addSession(db, userId, new Date(now - days[i] * DAY), {
      total,
      pronunciation: total - 2,
      fluency: total + 2,
    });
    out.push({ id: row.id, startedAt: row.startedAt, total });
  }
  return out;
}
const [coachUser] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.coach));
const coach: BenchPerson = {
  name: 'Casey Coach',
  userId: coachUser.id,
  team: 'Sales',
  sessions: await sessionsOf(coachUser.id, [20, 13, 9, 6, 2, 1], [60, 64, 70, 72, 75, 81]),
};
async function linkMember(name: string, team: BenchPerson['team'], days: number[], totals: number[]) {
  const user = await buildUser(db, { password: FACTORY_PASSWORD });
  await db.update(members).set({ userId: user.id }).where(eq(members.name, name));
  const person: BenchPerson = {
    name,
    userId: user.id,
    team,
    sessions: await sessionsOf(user.id, days, totals),
  };
  return person;
}
const sam = await linkMember('Sam Seller', 'Sales', [40, 33, 3], [86, 84, 92]);
const parker = await linkMember('Parker Support', 'Support', [3], [55]);
const data: BenchData = { now: new Date(now), coach, sam, parker };
const stranger = await buildAdmin(db, { password: FACTORY_PASSWORD });

// biome-ignore lint/suspicious/noExplicitAny: JSON of the bench's own calls
async function token(path: string, body: object): Promise<any> {
  const res = await fetch(`${address}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}
async function signIn(email: string, realm: 'whiskey' | 'whiskey-admin') {
  const { code } = await token('/authn/password', {
    username: email,
    password: DEMO_ACCOUNTS.password,
    realm,
  });
  return (await token('/token', { code })).accessToken as string;
}
async function signInWith(email: string, password: string, realm: 'whiskey' | 'whiskey-admin') {
  const { code } = await token('/authn/password', { username: email, password, realm });
  return (await token('/token', { code })).accessToken as string;
}
const tokens = {
  coach: await signIn(DEMO_ACCOUNTS.coach, 'whiskey'),
  admin: await signIn(DEMO_ACCOUNTS.admin, 'whiskey-admin'),
  manager: await signIn(DEMO_ACCOUNTS.manager, 'whiskey-admin'),
  stranger: await signInWith(stranger.email, FACTORY_PASSWORD, 'whiskey-admin'),
};

/** Asks once on a fresh thread; returns the answer and the time to the first delta. */
async function ask(who: keyof typeof tokens, text: string) {
  const headers = { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' };
  const auth = { authorization: headers.authorization };
  const thread = (await (
    await fetch(`${address}/api/chat/threads`, { method: 'POST', headers: auth })
  ).json()) as { threadId: string };
  const started = performance.now();
  const sent = (await (
    await fetch(`${address}/api/chat/threads/${thread.threadId}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userType: who === 'coach' ? 'USER' : 'ADMIN', text }),
    })
  ).json()) as { runId: string };
  const res = await fetch(`${address}/api/chat/threads/${thread.threadId}/events?runId=${sent.runId}`, {
    headers: auth,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let body = '';
  let firstToken: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (firstToken === null && value.includes('event: delta')) firstToken = performance.now() - started;
    body += value;
  }
  const text_ = body
    .split('\n\n')
    .filter((b) => b.startsWith('event: delta'))
    .map((b) => JSON.parse(b.split('\ndata: ')[1]).text)
    .join('');
  return { answer: text_, ttft: firstToken ?? Number.NaN };
}

/** BENCH_CHAT_SHOW=text prints the whole answer to every question that contains the text. */
const show = process.env.BENCH_CHAT_SHOW?.toLowerCase();
/** Questions that got no answer at all (no streamed text): the path is broken, not the assistant wrong. */
let unanswered = 0;
async function run(name: string, all: Case[]) {
  const results = [];
  const cases = SMOKE
    ? [all.find((c) => !c.outOfScope), all.find((c) => c.outOfScope)].filter((c) => c !== undefined)
    : all;
  for (const c of cases) {
    const { answer, ttft } = await ask(c.who, c.q);
    if (!answer) unanswered++;
    const ok = c.key(answer);
    results.push({ ...c, ok, ttft });
    if (show && c.q.toLowerCase().includes(show)) console.log(`[${c.who}] ${c.q}\n${answer}\n`);
    if (!ok)
      console.log(`MISS (${name}) [${c.who}] ${c.q}\n  ${answer.replace(/\n/g, '\n  ').slice(0, 600)}`);
  }
  return { name, results };
}
const sets = [
  await run('tuning', tuningCases(data)),
  // Used once to find gaps (fixed by general rules), so no longer independent.
  await run('held-out 1 (seen)', heldOutCases(data)),
  // Its misses were fixed by general rules after set 3 was written.
  await run('held-out 2 (seen)', heldOutFreshCases(data)),
  // Never used to change the assistant: the honest figure for unseen questions.
  await run('held-out 3 (unseen)', heldOut3Cases(data)),
  // Written for the embedding classifier before it was built (issue 15); never used to change it.
  await run('held-out 4 (unseen)', heldOut4Cases(data)),
];
const pct = (n: number, d: number) => `${d ? ((100 * n) / d).toFixed(0) : '–'} % (${n}/${d})`;
console.log(`\nAsk Agaton ${mode}`);
for (const { name, results } of sets) {
  const inScope = results.filter((r) => !r.outOfScope);
  const outScope = results.filter((r) => r.outOfScope);
  const ttfts = results.map((r) => r.ttft).sort((a, b) => a - b);
  console.log(`${name} set, ${results.length} questions`);
  console.log(`  answered correctly (in scope): ${pct(inScope.filter((r) => r.ok).length, inScope.length)}`);
  console.log(
    `  refused correctly (out of scope): ${pct(outScope.filter((r) => r.ok).length, outScope.length)}`,
  );
  console.log(
    `  time to first token: median ${ttfts[Math.floor(ttfts.length / 2)].toFixed(0)} ms, p95 ${ttfts[Math.floor(ttfts.length * 0.95)].toFixed(0)} ms`,
  );
}
let typed = 0;
const intents = INTENT_QUESTIONS.slice(0, smokeOr(undefined, 2));
for (const [q, type] of intents) if ((await recogniseQuestion(q)).type === type) typed++;
console.log(
  `question types, ${intents.length} tuning questions (chat-intents.ts): ${pct(typed, intents.length)}`,
);
const articleQuestions = ARTICLE_QUESTIONS.slice(0, smokeOr(undefined, 2));
const n = articleQuestions.length;
console.log(`article retrieval, ${n} learners' questions (one per article)`);
for (const r of await articleRetrieval(articleQuestions)) {
  console.log(`  ${r.method}: first ${pct(r.first, n)}, in the first three ${pct(r.top3, n)}`);
  for (const m of r.misses) console.log(`    miss: ${m}`);
}
if (mode === 'offline')
  console.log('with a model: set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL and run again');
await app.close();
await database.close();
if (unanswered) {
  console.log(`${unanswered} question(s) got no answer at all`);
  process.exitCode = 1;
}
