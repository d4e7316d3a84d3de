/**
 * `npm run bench:web`: what each main page costs a first-time visitor (issue 16 part 8). Builds
 * nothing: it serves an existing build (WEB_DIST_DIR, else apps/web/dist; `npm run build` makes it)
 * from the real server (`apps/api/src/server.ts`, PGlite, demo data), opens each page in Chromium
 * with an empty cache and prints the bytes transferred (compressed, headers included) and the
 * JavaScript it took. Then the sign-in page's JavaScript fetched with `Accept-Encoding: gzip` only,
 * against the target of 200 KB.
 *
 * Smoke run (BENCH_SMOKE=1): the coach sign-in page, one page of a coach and one of an admin, with the
 * demo accounts seeded by `npm run db:seed`'s script (the server, asked to seed, would also score the
 * demo candidate's English test in the background, half a minute of CPU).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '@agaton/db';
import { type BrowserContext, chromium, type Request } from 'playwright-core';
import { announceSmoke, SMOKE } from '../../../packages/speech/bench/smoke.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = resolve(process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist'));
const PORT = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${PORT}`;
const tmp = mkdtempSync(join(tmpdir(), 'agaton-bench-web-'));
const SIGN_IN_TARGET_BYTES = 200 * 1024;

type Kind = 'public' | 'user' | 'admin';
const ALL_PAGES: { path: string; as: Kind; label: string }[] = [
  { path: '/coach/auth', as: 'public', label: 'coach sign-in' },
  { path: '/auth', as: 'public', label: 'admin sign-in' },
  { path: '/', as: 'public', label: 'home' },
  { path: '/demo', as: 'public', label: 'demo' },
  { path: '/coach', as: 'user', label: 'coach home' },
  { path: '/coach/sessions', as: 'user', label: 'coach sessions' },
  { path: '/coach/insights', as: 'user', label: 'coach insights' },
  { path: '/dashboard', as: 'admin', label: 'dashboard' },
  { path: '/admin', as: 'admin', label: 'organisation insights' },
  { path: '/dashboard/test', as: 'admin', label: 'English test' },
];
const SMOKE_PAGES = ['/coach/auth', '/coach', '/dashboard'];
const PAGES = SMOKE ? ALL_PAGES.filter((p) => SMOKE_PAGES.includes(p.path)) : ALL_PAGES;

async function startServer(): Promise<ChildProcess> {
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: join(tmp, 'data'),
    SEED_DEMO_DATA: SMOKE ? '0' : '1',
    // Page weight only: no analyses competing for the CPU.
    ANALYSIS_IN_API: '0',
    SCORING_WORKERS: '1',
    ...(SMOKE ? { SCORING_WARM: '0' } : {}),
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: dist,
  };
  if (SMOKE)
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/seed-cli.ts')], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<T>;
}

type Session = { accessToken: string; refreshToken: string; accessTokenExpiresInSeconds: number };

async function sessions(): Promise<Record<'user' | 'admin', Session>> {
  const { password } = DEMO_ACCOUNTS;
  const { code } = await post<{ code: string }>('/api/authn/password', {
    username: DEMO_ACCOUNTS.coach,
    password,
    realm: 'whiskey',
  });
  const user = await post<Session>('/api/token', { code });
  const admin = await post<Session>('/api/admin/auth', { username: DEMO_ACCOUNTS.admin, password });
  return { user, admin };
}

/** Signs the context in the way the SPA stores a session (localStorage, per token kind). */
async function signIn(context: BrowserContext, kind: 'user' | 'admin', session: Session) {
  await context.addInitScript(
    ({ kind, session }) => {
      // Runs in the page; this file is compiled without the DOM library.
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
        .localStorage;
      storage.setItem(`agaton.${kind}.token`, session.accessToken);
      storage.setItem(`agaton.${kind}.refreshToken`, session.refreshToken);
      storage.setItem(`agaton.${kind}.expiresAt`, String(Date.now() + 600_000));
    },
    { kind, session },
  );
}

interface PageWeight {
  requests: number;
  transferred: number;
  jsTransferred: number;
  jsDecoded: number;
  jsUrls: string[];
}

async function weigh(context: BrowserContext, path: string): Promise<PageWeight> {
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const weight: PageWeight = { requests: 0, transferred: 0, jsTransferred: 0, jsDecoded: 0, jsUrls: [] };
  for (const request of finished) {
    const sizes = await request.sizes();
    const response = await request.response();
    const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
    weight.requests += 1;
    weight.transferred += bytes;
    if (request.resourceType() === 'script') {
      weight.jsTransferred += bytes;
      weight.jsDecoded += (await response?.body().catch(() => Buffer.alloc(0)))?.length ?? 0;
      weight.jsUrls.push(request.url());
    }
  }
  await page.close();
  return weight;
}

/** Body bytes of these scripts as a client that accepts only gzip receives them (fetch would inflate). */
async function gzipBytes(urls: string[]) {
  let total = 0;
  for (const url of urls) {
    total += await new Promise<number>((done, fail) => {
      get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        if (res.headers['content-encoding'] !== 'gzip') console.warn(`  (not gzipped: ${url})`);
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => done(bytes));
      }).on('error', fail);
    });
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`No build in ${dist}: run \`npm run build\` (or set WEB_DIST_DIR) first.`);
  }
  announceSmoke(`${PAGES.length} pages`);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const tokens = await sessions();
    console.log(`bench:web on ${base}, build ${dist}; empty cache per page, Chromium (br/gzip)`);
    console.log(
      'page                               | requests | transferred | JS transferred | JS uncompressed',
    );
    let signInJs: string[] = [];
    for (const { path, as, label } of PAGES) {
      const context = await browser.newContext();
      if (as !== 'public') await signIn(context, as, tokens[as]);
      const w = await weigh(context, path);
      await context.close();
      if (path === '/coach/auth') signInJs = w.jsUrls;
      console.log(
        `${`${label} (${path})`.padEnd(34)} | ${String(w.requests).padEnd(8)} | ${kb(w.transferred).padEnd(11)} | ${kb(w.jsTransferred).padEnd(14)} | ${kb(w.jsDecoded)}`,
      );
    }
    const gz = await gzipBytes(signInJs);
    const verdict = gz <= SIGN_IN_TARGET_BYTES ? 'within' : 'OVER';
    console.log(
      `sign-in page JavaScript, gzip: ${kb(gz)} in ${signInJs.length} files (${verdict} the ${kb(SIGN_IN_TARGET_BYTES)} target)`,
    );
    if (gz > SIGN_IN_TARGET_BYTES) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
