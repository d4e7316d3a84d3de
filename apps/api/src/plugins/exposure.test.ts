import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@agaton/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { HSTS } from './security-headers.ts';

/** Issue 24: what a server tells anonymous callers about itself, by configuration. */
const opened: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of opened) await close();
});

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'agaton-exposure-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'x'.repeat(40),
    SCORING_WARM: '0',
    ...env,
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  opened.push(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

describe('API docs', () => {
  it('are not served with NODE_ENV=production', async () => {
    const app = await appWith({ NODE_ENV: 'production', DEMO_PASSWORD: 'Another-Password-1' });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('are served in production when API_DOCS=1 asks for them, and by default elsewhere', async () => {
    const asked = await appWith({
      NODE_ENV: 'production',
      DEMO_PASSWORD: 'Another-Password-1',
      API_DOCS: '1',
    });
    expect((await asked.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    const development = await appWith({});
    const res = await development.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const app = await appWith({});
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    // inject's client address is 127.0.0.1: here the trusted proxy.
    const app = await appWith({ TRUST_PROXY: '127.0.0.1' });
    const https = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const plain = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
