import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthSession } from '@agaton/contracts';
import { createTestDatabase, type TestDatabase } from '@agaton/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config/env.ts';
import type { AppContext } from '../lib/context.ts';
import { AccessTokens } from '../lib/tokens.ts';
import { embeddedTransport, Mailer } from '../providers/mail/mailer.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['db'];
  config: AppConfig;
  close(): Promise<void>;
}

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
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    ...options,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

/** An organisation-admin access token the dev outbox accepts (it wants an admin; any org will do). */
export function outboxToken(): Promise<string> {
  return new AccessTokens(TEST_JWT_SECRET, 300).sign({
    sub: randomUUID(),
    kind: 'admin',
    realm: 'whiskey-admin',
    orgId: randomUUID(),
  });
}

/** Latest e-mail to an address, through the dev outbox endpoint. */
export async function latestEmail(app: FastifyInstance, to: string) {
  const res = await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, {
    token: await outboxToken(),
  });
  return res.json()[0] as { to: string; subject: string; text: string } | undefined;
}

/**
 * The services the app's start-up seeding uses, on the test app's database and config (mail to the
 * outbox; no job queue bound, so what a seed queues waits for workers the test starts or skips).
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
