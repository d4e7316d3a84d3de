import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestDatabase } from '@agaton/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';

/** Issue 16 part 8: how the built SPA reaches the browser (a build laid out as Vite writes it). */
const dist = mkdtempSync(join(tmpdir(), 'agaton-delivery-'));
const script = `console.log(${JSON.stringify('agaton '.repeat(500))});`;
const html = `<!doctype html><title>Agaton SPA</title>${'<!-- padding -->'.repeat(100)}`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), html);
writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
writeFileSync(join(dist, 'assets/index-B1a2c3D4.js'), script);
writeFileSync(join(dist, 'assets/index-B1a2c3D4.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets/index-B1a2c3D4.js.gz'), gzipSync(script));
writeFileSync(join(dist, 'assets/index-B1a2c3D4.js.map'), '{"version":3,"sources":["secret.ts"]}');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let app: FastifyInstance;
let close: () => Promise<void>;

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
    rmSync(dist, { recursive: true, force: true });
  };
});
afterAll(() => close?.());

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('precompressed assets', () => {
  it('sends the brotli copy to a browser that accepts br, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/index-B1a2c3D4.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await get('/assets/index-B1a2c3D4.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-B1a2c3D4.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year and makes index.html revalidate, client-side routes too', async () => {
    const asset = await get('/assets/index-B1a2c3D4.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/coach/auth', '/dashboard/test']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toContain('Agaton SPA');
    }
  });

  it('never serves source maps, and a missing asset is a 404 rather than the page', async () => {
    for (const url of ['/assets/index-B1a2c3D4.js.map', '/assets/index-Gone1234.js', '/x.js.map']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret.ts');
      expect(res.body, url).not.toContain('Agaton SPA');
    }
  });
});

describe('Permissions-Policy', () => {
  it('allows the microphone to the app itself only, on pages and API answers alike', async () => {
    for (const url of ['/', '/coach/auth', '/api/health', '/api/unknown']) {
      const policy = (await get(url)).headers['permissions-policy'] as string;
      expect(policy, url).toContain('microphone=(self)');
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('geolocation=()');
    }
  });

  it("names only features Chromium knows: 'bluetooth' put an error in every page's console", async () => {
    const policy = (await get('/')).headers['permissions-policy'] as string;
    expect(policy).not.toMatch(/\bbluetooth\b/);
  });
});

describe('robots.txt', () => {
  /** The checks of Lighthouse's robots.txt audit: known directives, a user-agent first, valid paths. */
  function robotsErrors(text: string): string[] {
    const errors: string[] = [];
    let agent = false;
    for (const [i, raw] of text.split(/\r?\n/).entries()) {
      const line = raw.replace(/#.*$/, '').trim();
      if (!line) continue;
      const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
      if (!match) {
        errors.push(`${i + 1}: not a directive`);
        continue;
      }
      const [, name, value] = match;
      const directive = name.toLowerCase();
      if (!['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay'].includes(directive)) {
        errors.push(`${i + 1}: unknown directive ${name}`);
      }
      if (directive === 'user-agent') agent = true;
      else if (directive !== 'sitemap' && !agent) errors.push(`${i + 1}: no user-agent before it`);
      if ((directive === 'allow' || directive === 'disallow') && value) {
        if (!/^[/*]/.test(value) || value.slice(0, -1).includes('$')) errors.push(`${i + 1}: bad path`);
      }
    }
    if (!agent) errors.push('no user-agent');
    return errors;
  }

  it('is plain text the crawlers read, not the SPA page: the signed-in areas and the API kept out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toContain('Agaton SPA');
    expect(robotsErrors(res.body)).toEqual([]);
    for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /coach/']) {
      expect(res.body.split('\n')).toContain(line);
    }
  });
});
