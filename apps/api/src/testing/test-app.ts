import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthSession } from '@agaton/contracts';
import { admins, candidates, members } from '@agaton/db';
import { buildAdmin, createTestDatabase, type TestDatabase } from '@agaton/db/testing';
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config/env.ts';
import type { AppContext } from '../lib/context.ts';
import { embeddedTransport, Mailer } from '../lib/mailer.ts';
import { AccessTokens } from '../lib/tokens.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['db'];
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The test app of each app instance, so helpers that take only the app (latestEmail, called so in
 * many files) can reach its database.
 */
const testApps = new WeakMap<FastifyInstance, TestApp>();

/**
 * The real app on a fresh database of its own (PGlite, or PostgreSQL when DATABASE_URL is set).
 * Rate limits are high unless a test overrides AUTH_RATE_LIMIT_MAX; the speech workers start cold.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<
    BuildAppOptions,
    'mailTransport' | 'analysisWorkers' | 'objectStore' | 'pdfRenderer' | 'logger'
  > = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'agaton-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://agaton.test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '10000',
    MAIL_OUTBOX_VIEWER: '1',
    // Most test apps never score; tests that do wait for the models on their first recording.
    SCORING_WARM: '0',
    // Test files run side by side at full priority: a niced analysis would starve behind them
    // (minutes seen). What niceness does is analysis-pool.test.ts's to check.
    BACKGROUND_NICENESS: '0',
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    ...options,
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  testApps.set(app, testApp);
  return testApp;
}

/** POST/PUT/GET with a JSON body and optional bearer token. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    payload: options.body === undefined ? undefined : (options.body as object),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

/** Password sign-in through both stages (password → code → /token). */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  realm: 'whiskey' | 'whiskey-admin' = 'whiskey',
): Promise<AuthSession> {
  const codeRes = await call(app, 'POST', '/api/authn/password', { body: { username, password, realm } });
  if (codeRes.statusCode !== 200) throw new Error(`sign-in failed: ${codeRes.body}`);
  const tokenRes = await call(app, 'POST', '/api/token', { body: { code: codeRes.json().code } });
  if (tokenRes.statusCode !== 200) throw new Error(`token exchange failed: ${tokenRes.body}`);
  return tokenRes.json();
}

const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * A validly signed admin access token of no account: enough to show that a route is absent (the dev
 * outbox in production answers 404 before looking at it); the outbox viewer itself refuses it (401).
 */
export function outboxToken(): Promise<string> {
  return new AccessTokens(TEST_JWT_SECRET, 300).sign({
    sub: randomUUID(),
    kind: 'admin',
    realm: 'whiskey-admin',
    orgId: randomUUID(),
  });
}

/**
 * An access token of an owner who may read mail to `to` in the dev outbox (modules/dev/dev.routes.ts):
 * an owner of the organisation of the admin with that address, else of one that has it as a member or
 * candidate; any owner for an address of no organisation. One is built when the organisation has none.
 */
export async function outboxReaderToken(t: TestApp, to: string): Promise<string> {
  const address = to.trim().toLowerCase();
  const sameAddress = (column: AnyColumn) => sql`lower(${column}) = ${address}`;
  const [admin] = await t.db.select({ orgId: admins.orgId }).from(admins).where(sameAddress(admins.email));
  const [member] = await t.db
    .select({ orgId: members.orgId })
    .from(members)
    .where(sameAddress(members.email));
  const [candidate] = await t.db
    .select({ orgId: candidates.orgId })
    .from(candidates)
    .where(sameAddress(candidates.email));
  const orgId = admin?.orgId ?? member?.orgId ?? candidate?.orgId;
  const [owner] = await t.db
    .select({ id: admins.id, orgId: admins.orgId })
    .from(admins)
    .where(and(eq(admins.role, 'OWNER'), orgId ? eq(admins.orgId, orgId) : undefined))
    .limit(1);
  const reader = owner ?? (await buildAdmin(t.db, orgId ? { orgId } : {}));
  return new AccessTokens(t.config.JWT_SECRET, 300).sign({
    sub: reader.id,
    kind: 'admin',
    realm: 'whiskey-admin',
    orgId: reader.orgId,
  });
}

/** Latest e-mail to an address, through the dev outbox endpoint, read as `outboxReaderToken` says. */
export async function latestEmail(app: FastifyInstance, to: string) {
  const t = testApps.get(app);
  if (!t) throw new Error('latestEmail needs an app made by createTestApp');
  const res = await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, {
    token: await outboxReaderToken(t, to),
  });
  return res.json()[0] as { to: string; subject: string; text: string } | undefined;
}

/**
 * The services the app's start-up seeding uses, on the test app's database and config (mail to the
 * outbox). It has no job queue: services given `createQaJobs(ctx, null)` leave what they would queue
 * waiting for workers the test starts or skips.
 */
export function serviceContext(t: TestApp): AppContext {
  return {
    db: t.db,
    config: t.config,
    tokens: new AccessTokens(t.config.JWT_SECRET, t.config.ACCESS_TOKEN_TTL_SECONDS),
    mailer: new Mailer(t.db, embeddedTransport(t.app.log), t.config.MAIL_FROM, t.app.log, {
      keepSecrets: t.config.MAIL_OUTBOX_VIEWER,
    }),
    log: t.app.log,
  };
}
