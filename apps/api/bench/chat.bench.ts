/**
 * `npm run bench:chat`: Ask Agaton's offline assistant on 40 questions with answer keys, through the
 * real app on a listening port (PGlite, demo organisation seeded). Prints the share answered
 * correctly, the share of out-of-scope questions refused, and the time to the first streamed token —
 * offline, or with the model named by LLM_BASE_URL, LLM_API_KEY and LLM_MODEL when they are set.
 *
 * Data: the demo organisation (`seedDemoData`: Sales with Casey Coach, Sam Seller, Riley Rep; Support
 * with Parker Support, Jordan Helpdesk), a second organisation, and analysed sessions built from the
 * engine's real meeting analysis (`sessions/fixtures/meeting-analysis.json`) with known overall scores
 * and dates, so each key is the stored truth. (The demo's own recordings take minutes to analyse; the
 * assistant reads the same stored metrics either way.) Targets (issue 15): ≥ 80 % correct offline,
 * 100 % of out-of-scope questions refused.
 */
import { DEMO_ACCOUNTS, members, seedDemoData, users } from '@agaton/db';
import { buildAdmin, buildUser, createTestDatabase, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { addSession } from '../src/modules/chat/chat.test-helper.ts';

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

// Known sessions: the coach's six (oldest first), and two colleagues'.
const [coach] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.coach));
const coachTotals = [60, 64, 70, 72, 75, 81];
const coachDays = [20, 13, 9, 6, 2, 1];
const coachSessions = [];
for (const [i, total] of coachTotals.entries()) {
  coachSessions.push(
    await addSession(db, coach.id, new Date(now - coachDays[i] * DAY), {
      total,
      pronunciation: total - 2,
      fluency: total + 2,
    }),
  );
}
const last = coachSessions.at(-1)!;
async function linkMember(name: string, total: number) {
  const user = await buildUser(db, { password: FACTORY_PASSWORD });
  await db.update(members).set({ userId: user.id }).where(eq(members.name, name));
  return { user, session: await addSession(db, user.id, new Date(now - 3 * DAY), { total }) };
}
const sam = await linkMember('Sam Seller', 92);
const parker = await linkMember('Parker Support', 55);
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
type Who = keyof typeof tokens;

/** Asks once on a fresh thread; returns the answer and the time to the first delta. */
async function ask(who: Who, text: string) {
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

const REFUSED = /I can only answer|I can't find|organisation admins can ask/;
const coachLink = (id: string) => `/coach/sessions/${id}`;
type Case = { who: Who; q: string; outOfScope?: boolean; key: (a: string) => boolean };
const has =
  (...parts: string[]) =>
  (a: string) =>
    parts.every((p) => a.includes(p));
const cases: Case[] = [
  // Coach: own data.
  { who: 'coach', q: 'What was my score in my last session?', key: has('**81**', coachLink(last.id)) },
  { who: 'coach', q: 'How did I do in my latest meeting?', key: has('**81**', coachLink(last.id)) },
  { who: 'coach', q: 'What is my pronunciation score?', key: has('Pronunciation: 79') },
  { who: 'coach', q: 'my fluency score', key: has('Fluency: 83') },
  { who: 'coach', q: 'Is my score improving?', key: has('from 60 to 81 (+21)') },
  { who: 'coach', q: 'Am I getting better?', key: has('went **up**') },
  { who: 'coach', q: 'Show my progress over time', key: has('from 60 to 81') },
  { who: 'coach', q: 'Which sounds should I practise this week?', key: has('/f/') },
  { who: 'coach', q: 'What are my weakest sounds?', key: has('/f/', coachLink(last.id)) },
  { who: 'coach', q: 'Which phonemes do I mispronounce?', key: has('/f/') },
  { who: 'coach', q: 'Which words do I mispronounce?', key: has('**stuff**', '**if**') },
  { who: 'coach', q: 'What words are challenging for me?', key: has('**stuff**') },
  { who: 'coach', q: 'How fast do I speak?', key: has('110 words per minute', 'slower than') },
  { who: 'coach', q: 'What is my speaking rate in words per minute?', key: has('110 words per minute') },
  { who: 'coach', q: 'How many filler words do I use?', key: has('Filler words: **0**') },
  {
    who: 'coach',
    q: 'Compare the last 7 days with the 7 days before',
    key: has('Overall: 67 → **76** (+9)'),
  },
  {
    who: 'coach',
    q: 'What was my average score in the last 30 days?',
    key: has('Over 6 sessions', '**70**'),
  },
  { who: 'coach', q: 'How can I improve my fluency?', key: has('/coach/learning/') },
  { who: 'coach', q: 'Tips to stop saying um', key: has('/coach/learning/filler-words') },
  { who: 'coach', q: 'Show my coaching reports', key: has('You have no coaching reports yet') },
  { who: 'coach', q: 'What can you do?', key: has('Which sounds should I practise this week?') },
  { who: 'coach', q: 'What is the capital of France?', key: has("I can't answer that from your data yet.") },
  // Coach: out of scope.
  {
    who: 'coach',
    q: "What is Sam Seller's score?",
    outOfScope: true,
    key: (a) => REFUSED.test(a) && !a.includes('92'),
  },
  {
    who: 'coach',
    q: 'Who needs coaching on my team?',
    outOfScope: true,
    key: (a) => REFUSED.test(a) && !a.includes('55'),
  },
  { who: 'coach', q: 'How is #Sales doing?', outOfScope: true, key: (a) => REFUSED.test(a) },
  {
    who: 'coach',
    q: 'Show me the English test results of the candidates',
    outOfScope: true,
    key: (a) => REFUSED.test(a),
  },
  // Admin: in scope.
  {
    who: 'admin',
    q: "What was @Casey Coach's score in the last session?",
    key: has('**81**', `/dashboard/assistant/user/${coach.id}/session/${last.id}`),
  },
  { who: 'admin', q: 'Who needs coaching?', key: has('Parker Support', '55') },
  {
    who: 'admin',
    q: 'Who needs coaching in #Sales?',
    key: (a) => a.includes('Casey Coach') && !a.includes('Parker Support'),
  },
  {
    who: 'admin',
    q: 'Who needs coaching in #Support?',
    key: (a) => a.includes('Parker Support') && !a.includes('Casey Coach'),
  },
  { who: 'admin', q: 'Is @Casey Coach improving?', key: has('from 60 to 81') },
  { who: 'admin', q: 'Which sounds should @Parker Support practise?', key: has('/f/', parker.user.id) },
  { who: 'admin', q: 'How fast does @Sam Seller speak?', key: has('110 words per minute', sam.user.id) },
  { who: 'admin', q: 'Any QA red flags last week?', key: has('There are no QA items in last week') },
  { who: 'admin', q: 'Show the English test results', key: has('finished an English test') },
  {
    who: 'manager',
    q: 'Who needs coaching?',
    key: (a) => a.includes('Casey Coach') && !a.includes('Parker'),
  },
  // Admin: out of scope.
  {
    who: 'manager',
    q: "What is @Parker Support's score?",
    outOfScope: true,
    key: (a) => REFUSED.test(a) && !a.includes('55'),
  },
  {
    who: 'stranger',
    q: "What was @Casey Coach's score?",
    outOfScope: true,
    key: (a) => REFUSED.test(a) && !a.includes('81'),
  },
  {
    who: 'stranger',
    q: 'Compare my team with the other organisation',
    outOfScope: true,
    key: (a) => REFUSED.test(a),
  },
  { who: 'admin', q: 'Scores of #Marketing this month', outOfScope: true, key: (a) => REFUSED.test(a) },
];

const results = [];
for (const c of cases) {
  const { answer, ttft } = await ask(c.who, c.q);
  const ok = c.key(answer);
  results.push({ ...c, ok, ttft });
  if (!ok) console.log(`MISS [${c.who}] ${c.q}\n  ${answer.replace(/\n/g, '\n  ').slice(0, 600)}`);
}
const inScope = results.filter((r) => !r.outOfScope);
const outScope = results.filter((r) => r.outOfScope);
const ttfts = results.map((r) => r.ttft).sort((a, b) => a - b);
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(0)} % (${n}/${d})`;
console.log(`\nAsk Agaton ${mode}, ${results.length} questions`);
console.log(`answered correctly (in scope): ${pct(inScope.filter((r) => r.ok).length, inScope.length)}`);
console.log(`refused correctly (out of scope): ${pct(outScope.filter((r) => r.ok).length, outScope.length)}`);
console.log(
  `time to first token: median ${ttfts[Math.floor(ttfts.length / 2)].toFixed(0)} ms, p95 ${ttfts[Math.floor(ttfts.length * 0.95)].toFixed(0)} ms`,
);
if (mode === 'offline')
  console.log('with a model: set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL and run again');
await app.close();
await database.close();
