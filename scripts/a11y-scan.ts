/**
 * Ad-hoc accessibility scan of a running Agaton server: about fifty pages of every audience (visitor,
 * coach, organisation admin, candidate) checked with axe-core against WCAG 2.1 A and AA, the rules the
 * journeys gate on (e2e/fixtures/axe.ts). Unlike the journeys it fails nothing: it reports every
 * violation, moderate and minor ones included, so a maintainer sees where the app stands.
 *
 *   npx tsx scripts/a11y-scan.ts --base http://127.0.0.1:3100 [--out /tmp/axe.json]
 *       [--password <DEMO_PASSWORD>] [--only <text>] [--wait-minutes 10] [--no-wait]
 *       [--viewport 375x812] [--shots DIR]
 *
 * The server must have the demo data (SEED_DEMO_DATA=1, DEMO_PASSWORD set); --password defaults to the
 * journeys' DEMO_PASSWORD (e2e/fixtures/accounts.ts). A fresh server analyses its demo sessions, QA
 * calls and English test for a few minutes: the scan waits for them (at most --wait-minutes) so the
 * feedback, reports and QA pages have content. --only scans the pages whose name contains the text.
 *
 * --viewport scans in another window (375x812: a phone, with touch); --shots DIR keeps a full-page
 * screenshot of every scanned state, for the walk through the screens a change touched.
 *
 * Prints one row per page (the number of violated rules of each impact, and the elements they flag),
 * the totals and the totals per rule; --out writes every violation with its elements as JSON.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  chromium,
  type Page,
  request as playwrightRequest,
  type Request,
} from '@playwright/test';
import { DEMO_PASSWORD, seeded } from '../e2e/fixtures/accounts';
import { adminSession, coachSession, storeTokens } from '../e2e/fixtures/api';
import { AXE_TAGS } from '../e2e/fixtures/axe';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3100' },
    out: { type: 'string' },
    password: { type: 'string', default: DEMO_PASSWORD },
    only: { type: 'string' },
    'wait-minutes': { type: 'string', default: '10' },
    'no-wait': { type: 'boolean', default: false },
    viewport: { type: 'string', default: '1366x900' },
    shots: { type: 'string' },
  },
});

/** The window the pages are scanned in: `--viewport 375x812` is the phone of issue 28. */
const [width, height] = (args.viewport ?? '').split('x').map(Number);
if (!width || !height) throw new Error(`--viewport takes WIDTHxHEIGHT, not ${args.viewport}`);
const VIEWPORT = { width, height };
/** With `--shots DIR`, a full-page screenshot of every scanned state goes there, to look at. */
const SHOTS = args.shots;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const BASE = (args.base ?? '').replace(/\/+$/, '');
const PASSWORD = args.password ?? DEMO_PASSWORD;
const ACCOUNTS = {
  coach: { email: seeded.coach.email, password: PASSWORD },
  admin: { email: seeded.admin.email, password: PASSWORD },
  candidate: { email: 'candidate@agaton.local', code: 'DEMO-TEST-1' },
};
/** The demo candidate who takes the English test when the server first starts (apps/api/src/seed). */
const DEMO_TESTED_CANDIDATE = 'dana@agaton.local';

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof IMPACTS)[number];
type Audience = 'visitor' | 'coach' | 'admin' | 'candidate';
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

type RuleResult = {
  id: string;
  impact: Impact | null;
  help: string;
  helpUrl: string;
  elements: number;
  nodes: { target: string; html: string; failureSummary?: string }[];
};
type PageResult = {
  name: string;
  audience: Audience;
  url: string;
  violations: RuleResult[];
  /** Checks axe could not decide (for a person to look at), and rules passed. */
  incomplete: number;
  passes: number;
  notes: string[];
  error?: string;
  seconds: number;
};

const results: PageResult[] = [];
const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------
// Waiting for the page to settle: no request in flight and no Mantine loader visible.

/** Requests that never end by design (event streams, media played by range) are not waited for. */
const LONG_LIVED = new Set(['eventsource', 'websocket', 'media']);

function trackNetwork(page: Page) {
  const inflight = new Set<Request>();
  page.on('request', (r) => {
    if (!LONG_LIVED.has(r.resourceType()) && !r.url().includes('/events')) inflight.add(r);
  });
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) inflight.clear();
  });
  /** Resolves once nothing has been in flight for `quietMs`; false when `timeoutMs` passes first. */
  return async (timeoutMs = 20_000, quietMs = 500): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    let quietSince = inflight.size === 0 ? Date.now() : 0;
    while (Date.now() < deadline) {
      if (inflight.size > 0) quietSince = 0;
      else if (!quietSince) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return true;
      await page.waitForTimeout(100);
    }
    return false;
  };
}

const networkIdle = new WeakMap<Page, ReturnType<typeof trackNetwork>>();

async function settle(page: Page, notes: string[]) {
  const idle = networkIdle.get(page);
  await page.waitForLoadState('load').catch(() => {});
  if (idle && !(await idle())) notes.push('network still busy after 20 s');
  const loaders = page.locator('.mantine-Loader-root:visible');
  const deadline = Date.now() + 30_000;
  let spinning = await loaders.count();
  while (spinning > 0 && Date.now() < deadline) {
    await page.waitForTimeout(250);
    spinning = await loaders.count();
  }
  if (spinning > 0) notes.push(`${spinning} loader(s) still spinning after 30 s`);
  if (idle && !(await idle(10_000))) notes.push('network still busy after the loaders');
  // Mantine's transitions (tabs, modals, menus) run 150–200 ms.
  await page.waitForTimeout(400);
}

// ---------------------------------------------------------------------------------------------------
// Scanning

function summarise(violations: AxeResults['violations']): RuleResult[] {
  return violations.map((v) => ({
    id: v.id,
    impact: (v.impact ?? null) as Impact | null,
    help: v.help,
    helpUrl: v.helpUrl,
    elements: v.nodes.length,
    nodes: v.nodes.map((n) => ({
      target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' '),
      html: n.html,
      failureSummary: n.failureSummary,
    })),
  }));
}

const wanted = (name: string) => !args.only || name.toLowerCase().includes(args.only.toLowerCase());

/**
 * Brings the page to the state to judge (`open`), waits for it to settle and scans it. A failure is
 * recorded against the page and the scan goes on with the next one.
 */
async function scan(page: Page, audience: Audience, name: string, open?: () => Promise<void>) {
  if (!wanted(name)) return;
  const started = Date.now();
  const notes: string[] = [];
  const result: PageResult = {
    name,
    audience,
    url: '',
    violations: [],
    incomplete: 0,
    passes: 0,
    notes,
    seconds: 0,
  };
  try {
    if (open) await open();
    await settle(page, notes);
    result.url = page.url().replace(BASE, '');
    // A guard that refuses the session sends a coach to /coach/auth and an admin to /auth or /signup.
    if ((audience === 'coach' || audience === 'admin') && /\/(auth|signup)(\?|$)/.test(result.url)) {
      notes.push('landed on a sign-in page: the session was not accepted');
    }
    const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    result.violations = summarise(axe.violations);
    if (SHOTS) {
      const file = `${String(results.length + 1).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
      await page.screenshot({ path: join(SHOTS, file), fullPage: true });
    }
    result.incomplete = axe.incomplete.length;
    result.passes = axe.passes.length;
  } catch (error) {
    result.url ||= page.url().replace(BASE, '');
    result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  result.seconds = Math.round((Date.now() - started) / 100) / 10;
  results.push(result);
  const count = result.violations.reduce((sum, v) => sum + v.elements, 0);
  log(
    `  ${result.error ? 'FAILED' : 'scanned'} ${name} (${result.url}) in ${result.seconds} s: ` +
      (result.error ?? `${result.violations.length} rules, ${count} elements`),
  );
}

const goto = (page: Page, path: string) => async () => {
  await page.goto(path, { waitUntil: 'load' });
};

/**
 * Scans each tab of the page's (first) tab list in turn: the tab on screen as it is, the others after
 * a click. Tabs are found by role, so their names need no list here.
 */
async function scanTabs(page: Page, audience: Audience, prefix: string) {
  const tabs = page.getByRole('tab');
  const names = (await tabs.allTextContents()).map((t) => t.trim());
  if (names.length === 0) {
    await scan(page, audience, `${prefix} (no tabs found)`);
    return;
  }
  for (const [index, label] of names.entries()) {
    await scan(page, audience, `${prefix} › ${label}`, async () => {
      const tab = tabs.nth(index);
      if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
      await tab.and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 10_000 });
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// The API, as the web app calls it

async function getJson<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

const coachToken = async (request: APIRequestContext) =>
  (await coachSession(request, ACCOUNTS.coach.email, ACCOUNTS.coach.password)).accessToken;
const adminToken = async (request: APIRequestContext) =>
  (await adminSession(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password)).accessToken;

type Summary = { id: string; analysis: { status: string }; overallScore: number | null };
type Challenge = { id: string; candidateId: string; candidateEmail: string; completedAt: string | null };
type QcItems = { items: { qcItemId: string }[]; totalItemCount: number };

/** Polls `check` every 5 s until it answers true or the shared budget runs out; false then. */
async function waitUntil(what: string, deadline: number, check: () => Promise<string | true>) {
  let last = '';
  while (true) {
    const state = await check().catch((error: Error) => error.message);
    if (state === true) return true;
    if (state !== last) log(`  waiting for ${what}: ${state}`);
    last = state;
    if (Date.now() > deadline) {
      log(`  gave up waiting for ${what} (${state}); scanning as it is`);
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** Waits for the demo data the server analyses after it starts (see e2e/coach/demo-analysis.ts). */
async function waitForDemoData(request: APIRequestContext) {
  const deadline = Date.now() + Number(args['wait-minutes']) * 60_000;
  await waitUntil('the demo sessions to be analysed', deadline, async () => {
    const { items } = await getJson<{ items: Summary[] }>(
      request,
      '/api/sessions?limit=100',
      await coachToken(request),
    );
    if (items.length === 0) return 'no sessions yet';
    const pending = items.filter((s) => !['done', 'failed'].includes(s.analysis.status)).length;
    return pending === 0 ? true : `${pending} of ${items.length} analysing`;
  });
  await waitUntil('the demo English test', deadline, async () => {
    const list = await getJson<Challenge[]>(request, '/api/admin/challenges', await adminToken(request));
    return list.some((c) => c.candidateEmail === DEMO_TESTED_CANDIDATE && c.completedAt)
      ? true
      : 'the demo candidate is taking the test';
  });
  await waitUntil('the demo QA calls', deadline, async () => {
    const { totalItemCount } = await getJson<QcItems>(
      request,
      '/api/qa/items?limit=1',
      await adminToken(request),
    );
    return totalItemCount > 0 ? true : 'no QA items yet';
  });
}

type Ids = {
  session?: string;
  coachingReport?: string;
  article?: string;
  callReview?: string;
  challenge?: { candidateId: string; id: string };
  trainee?: string;
  qcItem?: string;
  member?: { id: string; report?: string; session?: string };
  questionSet?: string;
};

/** The ids of the pages that show one thing, read from the API the way the web app reads them. */
async function discoverIds(request: APIRequestContext): Promise<Ids> {
  const ids: Ids = {};
  const attempt = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (error) {
      log(`  could not find ${what}: ${error instanceof Error ? error.message : error}`);
    }
  };
  const coach = await coachToken(request);
  const admin = await adminToken(request);

  await attempt('a session', async () => {
    const { items } = await getJson<{ items: Summary[] }>(request, '/api/sessions?limit=100', coach);
    const scored = items.find((s) => s.analysis.status === 'done' && s.overallScore !== null);
    ids.session = (scored ?? items.find((s) => s.analysis.status === 'done') ?? items[0])?.id;
  });
  await attempt('a coaching report', async () => {
    const { items } = await getJson<{ items: { coachingReportId: string }[] }>(
      request,
      '/api/coaching-reports?limit=25',
      coach,
    );
    ids.coachingReport = items[0]?.coachingReportId;
  });
  await attempt('an article', async () => {
    ids.article = (await getJson<{ slug: string }[]>(request, '/api/articles', coach))[0]?.slug;
  });
  await attempt('a call review', async () => {
    const { items } = await getJson<QcItems>(request, '/api/app-user/qa-items?limit=10&offset=0', coach);
    ids.callReview = items[0]?.qcItemId;
  });
  await attempt('a finished English test', async () => {
    const list = await getJson<Challenge[]>(request, '/api/admin/challenges', admin);
    const done =
      list.find((c) => c.candidateEmail === DEMO_TESTED_CANDIDATE && c.completedAt) ??
      list.find((c) => c.completedAt);
    if (done) ids.challenge = { candidateId: done.candidateId, id: done.id };
  });
  await attempt('a trainee', async () => {
    const list = await getJson<{ identityId: string; isTrainee: boolean }[]>(
      request,
      '/api/admin/candidates',
      admin,
    );
    ids.trainee = list.find((c) => c.isTrainee)?.identityId;
  });
  await attempt('a QA item', async () => {
    ids.qcItem = (await getJson<QcItems>(request, '/api/qa/items?limit=50', admin)).items[0]?.qcItemId;
  });
  await attempt('a coached member', async () => {
    const { users } = await getJson<{
      users: { aiCoachInfo: { astridIdentityId: string; coachingMeta: { coachingsCount: number } } }[];
    }>(request, '/api/admin/coaching-overview', admin);
    const member = users.find((u) => u.aiCoachInfo.coachingMeta.coachingsCount > 0)?.aiCoachInfo;
    if (!member) return;
    const id = member.astridIdentityId;
    const query = `forUserId=${encodeURIComponent(id)}&limit=5`;
    const reports = await getJson<{ items: { coachingReportId: string }[] }>(
      request,
      `/api/coaching-reports?${query}`,
      admin,
    );
    const sessions = await getJson<{ items: Summary[] }>(request, `/api/sessions?${query}`, admin);
    ids.member = { id, report: reports.items[0]?.coachingReportId, session: sessions.items[0]?.id };
  });
  await attempt('a scorecard', async () => {
    const { questionSets } = await getJson<{ questionSets: { questionSetId: string }[] }>(
      request,
      '/api/qa/question-sets',
      admin,
    );
    ids.questionSet = questionSets[0]?.questionSetId;
  });
  return ids;
}

// ---------------------------------------------------------------------------------------------------
// The pages of each audience

async function newPage(browser: Browser) {
  const phone = VIEWPORT.width < 500;
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: VIEWPORT,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  networkIdle.set(page, trackNetwork(page));
  return page;
}

/** Marks a page that needed an id the API did not give. */
function skipped(audience: Audience, name: string, why: string) {
  if (!wanted(name)) return;
  results.push({
    name,
    audience,
    url: '',
    violations: [],
    incomplete: 0,
    passes: 0,
    notes: [],
    error: `not scanned: ${why}`,
    seconds: 0,
  });
  log(`  skipped ${name}: ${why}`);
}

async function visitorPages(page: Page) {
  const v: Audience = 'visitor';
  await scan(page, v, 'Home (signed out → admin sign-in)', goto(page, '/'));
  // The dashboard's guard sends a signed-out visitor to the admin sign-up (/signup).
  await scan(page, v, 'Dashboard (signed out → admin sign-up)', goto(page, '/dashboard'));
  await scan(page, v, 'Admin forgot password', goto(page, '/forgot-password'));
  await scan(page, v, 'Coach sign-in', goto(page, '/coach/auth'));
  await scan(page, v, 'Coach sign-in › password step', async () => {
    await page.goto('/coach/auth');
    await page.getByLabel('Email').fill(ACCOUNTS.coach.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
  });
  await scan(page, v, 'Coach forgot password', goto(page, '/coach/auth/forgot-password'));
  await scan(page, v, 'Coach sign-up', goto(page, '/coach/signup'));
  await scan(page, v, 'Reading demo', goto(page, '/demo'));
  await scan(page, v, 'Free-speech demo', goto(page, '/free-speech-demo'));
  await scan(page, v, 'Candidate sign-in', goto(page, '/candidate'));
}

async function coachPages(page: Page, request: APIRequestContext, ids: Ids) {
  const c: Audience = 'coach';
  await storeTokens(page, 'user', await coachSession(request, ACCOUNTS.coach.email, ACCOUNTS.coach.password));
  await scan(page, c, 'Sessions list', goto(page, '/coach/sessions'));
  await scan(page, c, 'Coach account menu', async () => {
    await page.getByRole('button', { name: /Account menu$/ }).click();
    await page.getByRole('menu').waitFor();
  });
  await scan(page, c, 'Goals dialog', async () => {
    if (!(await page.getByRole('menu').isVisible())) {
      await page.getByRole('button', { name: /Account menu$/ }).click();
    }
    await page.getByRole('menuitem', { name: 'Your goals' }).click();
    await page.getByRole('dialog').waitFor();
  });
  await page.keyboard.press('Escape');

  if (ids.session && wanted('Session feedback')) {
    await page.goto(`/coach/sessions/${ids.session}`);
    await settle(page, []);
    await scanTabs(page, c, 'Session feedback');
  } else if (!ids.session) skipped(c, 'Session feedback', 'no session');

  if (wanted('Insights')) {
    await page.goto('/coach/insights');
    await settle(page, []);
    await scanTabs(page, c, 'Insights');
  }
  await scan(page, c, 'Ask Agaton (coach chat)', goto(page, '/coach/ask-agaton'));
  await scan(page, c, 'Record meeting', goto(page, '/coach/assistant'));
  await scan(page, c, 'Practice', goto(page, '/coach/practice'));
  await scan(page, c, 'Coaching reports list', goto(page, '/coach/coaching-reports'));
  if (ids.coachingReport) {
    await scan(page, c, 'Coaching report', goto(page, `/coach/coaching-reports/${ids.coachingReport}`));
  } else skipped(c, 'Coaching report', 'no coaching report');
  await scan(page, c, 'Goals (onboarding page)', goto(page, '/coach/onboarding'));
  await scan(page, c, 'Learning articles', goto(page, '/coach/learning'));
  if (ids.article) {
    await scan(page, c, 'Learning article', goto(page, `/coach/learning/${ids.article}`));
  } else skipped(c, 'Learning article', 'no article');
  await scan(page, c, 'Call reviews list', goto(page, '/coach/call-reviews'));
  if (ids.callReview) {
    await scan(
      page,
      c,
      'Call review',
      goto(page, `/coach/call-reviews/${encodeURIComponent(ids.callReview)}`),
    );
  } else skipped(c, 'Call review', 'no reviewed call of the coach');
  await scan(page, c, 'Pricing', goto(page, '/coach/pricing'));
  // A current plan has "Manage plan", which opens the billing provider's portal (/coach/subscription).
  const manage = page.getByRole('link', { name: 'Manage plan' });
  if ((await manage.count()) > 0) {
    await scan(page, c, 'Subscription portal', async () => {
      await manage.first().click();
      await page.waitForURL(/\/coach\/subscription/);
    });
  }
  // The subscribe page starts a checkout (no payment is made) and lands on the local checkout page.
  await scan(page, c, 'Subscribe (plan → checkout)', async () => {
    await page.goto('/coach/plans/record-meeting');
    await page.waitForURL((url) => !url.pathname.startsWith('/coach/plans/'), { timeout: 15_000 });
  });
}

async function adminPages(page: Page, request: APIRequestContext, ids: Ids) {
  const a: Audience = 'admin';
  await storeTokens(
    page,
    'admin',
    await adminSession(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password),
  );
  await scan(page, a, 'English Test list', goto(page, '/dashboard/test'));
  if (ids.challenge) {
    const { candidateId, id } = ids.challenge;
    await scan(page, a, "English Test candidate's tests", goto(page, `/dashboard/test/user/${candidateId}`));
    await scan(page, a, 'English Test report', goto(page, `/dashboard/test/user/${candidateId}/${id}`));
  } else skipped(a, 'English Test report', 'no finished test');
  await scan(page, a, 'Training (users)', goto(page, '/dashboard/training'));
  await scan(page, a, 'Training › Insights', goto(page, '/dashboard/training?tab=insights'));
  if (ids.trainee) {
    await scan(
      page,
      a,
      "Training › a trainee's insights",
      goto(page, `/dashboard/training/user/${ids.trainee}`),
    );
  } else skipped(a, "Training › a trainee's insights", 'no trainee');

  if (wanted('Assistant')) {
    await page.goto('/dashboard/assistant');
    await settle(page, []);
    await scanTabs(page, a, 'Assistant');
  }
  if (ids.qcItem) {
    await scan(page, a, 'QA report', goto(page, `/dashboard/assistant/qa-report/${ids.qcItem}`));
  } else skipped(a, 'QA report', 'no QA item');
  if (ids.member) {
    const { id, report, session } = ids.member;
    await scan(
      page,
      a,
      "Assistant › a member's coaching report",
      goto(page, `/dashboard/assistant/user/${id}/report${report ? `/${report}` : ''}`),
    );
    await scan(
      page,
      a,
      "Assistant › a member's session",
      goto(page, `/dashboard/assistant/user/${id}/session${session ? `/${session}` : ''}`),
    );
  } else skipped(a, "Assistant › a member's coaching report", 'no coached member');
  if (ids.questionSet) {
    await scan(
      page,
      a,
      'Scorecard calibration',
      goto(page, `/dashboard/assistant/scorecards/${ids.questionSet}/calibration`),
    );
  } else skipped(a, 'Scorecard calibration', 'no scorecard');
  await scan(page, a, 'Admin account (settings)', goto(page, '/dashboard/settings'));
  await scan(page, a, 'Help', goto(page, '/dashboard/help'));
}

async function candidatePages(page: Page) {
  await scan(page, 'candidate', 'Candidate welcome (English Test)', async () => {
    await page.goto('/candidate');
    await page.getByLabel('Email').fill(ACCOUNTS.candidate.email);
    await page.getByLabel('Test code').fill(ACCOUNTS.candidate.code);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor({ timeout: 30_000 });
  });
}

// ---------------------------------------------------------------------------------------------------
// Report

const pad = (text: string | number, width: number, right = false) =>
  right ? String(text).padStart(width) : String(text).padEnd(width);

function printReport() {
  const nameWidth = Math.max(30, ...results.map((r) => r.name.length)) + 2;
  const head = `${pad('page', nameWidth)}${pad('audience', 11)}${IMPACTS.map((i) => pad(i, 10, true)).join('')}${pad('elements', 10, true)}`;
  const rule = '-'.repeat(head.length);
  const lines = [
    '',
    'Violated rules per page by impact (WCAG 2.0/2.1 A and AA), and the elements they flag:',
    '',
    head,
    rule,
  ];
  const totals: Record<Impact, number> & { elements: number } = {
    critical: 0,
    serious: 0,
    moderate: 0,
    minor: 0,
    elements: 0,
  };
  const totalElements: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const r of results) {
    if (r.error) {
      lines.push(`${pad(r.name, nameWidth)}${pad(r.audience, 11)}  ${r.error}`);
      continue;
    }
    const counts = IMPACTS.map((i) => r.violations.filter((v) => v.impact === i).length);
    const elements = r.violations.reduce((sum, v) => sum + v.elements, 0);
    IMPACTS.forEach((i, n) => {
      totals[i] += counts[n];
      totalElements[i] += r.violations.filter((v) => v.impact === i).reduce((s, v) => s + v.elements, 0);
    });
    totals.elements += elements;
    lines.push(
      `${pad(r.name, nameWidth)}${pad(r.audience, 11)}${counts.map((n) => pad(n, 10, true)).join('')}${pad(elements, 10, true)}`,
    );
  }
  const scanned = results.filter((r) => !r.error);
  lines.push(
    rule,
    `${pad(`total (${scanned.length} pages scanned)`, nameWidth + 11)}${IMPACTS.map((i) => pad(totals[i], 10, true)).join('')}${pad(totals.elements, 10, true)}`,
    `${pad('  elements by impact', nameWidth + 11)}${IMPACTS.map((i) => pad(totalElements[i], 10, true)).join('')}`,
    '',
  );

  const byRule = new Map<string, { impact: string; help: string; pages: number; elements: number }>();
  for (const r of scanned) {
    for (const v of r.violations) {
      const entry = byRule.get(v.id) ?? { impact: v.impact ?? '?', help: v.help, pages: 0, elements: 0 };
      entry.pages += 1;
      entry.elements += v.elements;
      byRule.set(v.id, entry);
    }
  }
  const order = (impact: string) => IMPACTS.indexOf(impact as Impact);
  const rules = [...byRule.entries()].sort(
    ([, a], [, b]) => order(a.impact) - order(b.impact) || b.elements - a.elements,
  );
  const idWidth = Math.max(20, ...rules.map(([id]) => id.length)) + 2;
  lines.push(
    'Per rule:',
    '',
    `${pad('rule', idWidth)}${pad('impact', 10)}${pad('pages', 7, true)}${pad('elements', 10, true)}  help`,
    '-'.repeat(idWidth + 27 + 40),
    ...rules.map(
      ([id, e]) =>
        `${pad(id, idWidth)}${pad(e.impact, 10)}${pad(e.pages, 7, true)}${pad(e.elements, 10, true)}  ${e.help}`,
    ),
    '',
  );
  if (rules.length === 0) lines.push('(no violations)', '');

  const noted = results.filter((r) => r.notes.length > 0);
  if (noted.length > 0) {
    lines.push('Notes:', ...noted.map((r) => `  ${r.name} (${r.url}): ${r.notes.join('; ')}`), '');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const request = await playwrightRequest.newContext({ baseURL: BASE });
  const health = await request.get('/api/health').catch(() => null);
  if (!health?.ok()) {
    log(`No Agaton server answers at ${BASE}/api/health; start one with the demo data first.`);
    process.exit(1);
  }
  if (!args['no-wait']) {
    log('Waiting for the demo data to be analysed…');
    await waitForDemoData(request);
  }
  log('Finding ids of the detail pages…');
  const ids = await discoverIds(request);
  log(`  ${JSON.stringify(ids)}`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const started = Date.now();
  try {
    // One audience at a time, each in its own context (their sign-ins live apart in localStorage).
    for (const [audience, visit] of [
      ['visitor', (page: Page) => visitorPages(page)],
      ['coach', (page: Page) => coachPages(page, request, ids)],
      ['admin', (page: Page) => adminPages(page, request, ids)],
      ['candidate', (page: Page) => candidatePages(page)],
    ] as const) {
      log(`Scanning the ${audience} pages…`);
      const page = await newPage(browser);
      try {
        await visit(page);
      } catch (error) {
        log(`  the ${audience} pages stopped: ${error instanceof Error ? error.message : error}`);
        results.push({
          name: `(${audience} pages stopped)`,
          audience,
          url: page.url().replace(BASE, ''),
          violations: [],
          incomplete: 0,
          passes: 0,
          notes: [],
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
          seconds: 0,
        });
      } finally {
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await request.dispose();
  }

  printReport();
  if (args.out) {
    writeFileSync(
      args.out,
      `${JSON.stringify(
        {
          base: BASE,
          scannedAt: new Date().toISOString(),
          seconds: Math.round((Date.now() - started) / 1000),
          tags: AXE_TAGS,
          viewport: VIEWPORT,
          pages: results,
        },
        null,
        2,
      )}\n`,
    );
    log(`Wrote ${args.out}`);
  }
}

await main();
