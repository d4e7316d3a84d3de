import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';

describe('one process serves the SPA and the API', () => {
  const dist = mkdtempSync(join(tmpdir(), 'agaton-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Agaton SPA</title>');
  writeFileSync(join(dist, 'app.js'), 'console.log("spa")');
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: dist,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'x'.repeat(40),
      SCORING_WARM: '0',
    });
    app = await buildApp({ config, db: database.db, webDistDir: dist, logger: false });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('answers index.html for client-side routes such as /admin and /coach/auth', async () => {
    for (const url of ['/', '/admin', '/coach/auth?return=%2Fcoach', '/reset-password/abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Agaton SPA');
    }
  });

  it('serves built files and keeps unknown /api paths as JSON 404s', async () => {
    expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toContain('spa');
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('hides the dev outbox unless MAIL_OUTBOX_VIEWER=1', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("media-src 'self' blob: data:");
    expect(res.headers['permissions-policy']).toContain('microphone=(self)');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
