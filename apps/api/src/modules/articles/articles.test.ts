import { articleListSchema, articleSchema, PRACTISE_HEADING } from '@agaton/contracts';
import { buildAdmin, buildCandidate, buildOrg, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { articleLibrary } from './articles.service.ts';

let t: TestApp;
let coach: string;
const SLUG = 'the-two-th-sounds';

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.db);
  coach = (await signIn(t.app, user.email, FACTORY_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('GET /api/articles', () => {
  it('lists every article as a summary in reading order, with a versioned cover address', async () => {
    const res = await call(t.app, 'GET', '/api/articles', { token: coach });
    expect(res.statusCode).toBe(200);
    const list = articleListSchema.parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.map((a) => a.slug)).toEqual(articleLibrary().articles.map((a) => a.slug));
    expect(list[0]).toMatchObject({ slug: SLUG, title: 'The two th sounds: think and this' });
    for (const summary of res.json()) {
      expect(Object.keys(summary).sort()).toEqual(['coverImageUrl', 'slug', 'summary', 'tags', 'title']);
      expect(summary.coverImageUrl).toMatch(
        new RegExp(`^/api/articles/${summary.slug}/cover\\.svg\\?v=[0-9a-f]{12}$`),
      );
    }
  });

  it('needs a signed-in coach or admin; a candidate token is refused', async () => {
    const none = await call(t.app, 'GET', '/api/articles');
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    expect((await call(t.app, 'GET', `/api/articles/${SLUG}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/articles', { token: 'not-a-jwt' })).statusCode).toBe(401);

    const org = await buildOrg(t.db, { name: 'Readers Ltd' });
    const admin = await buildAdmin(t.db, { orgId: org.id });
    const adminAuth = await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: admin.email, password: FACTORY_PASSWORD },
    });
    const adminToken = adminAuth.json().accessToken;
    expect((await call(t.app, 'GET', '/api/articles', { token: adminToken })).statusCode).toBe(200);

    const { candidate } = await buildCandidate(t.db, { orgId: org.id, code: 'READ-1' });
    const challenge = await call(t.app, 'POST', '/api/challenge/auth', {
      body: { username: candidate.email, password: 'READ-1' },
    });
    const candidateToken = challenge.json().token;
    expect((await call(t.app, 'GET', '/api/articles', { token: candidateToken })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/articles/${SLUG}`, { token: candidateToken })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/articles/{slug}', () => {
  it('answers the title, the markdown without front matter and the cover address', async () => {
    const res = await call(t.app, 'GET', `/api/articles/${SLUG}`, { token: coach });
    expect(res.statusCode).toBe(200);
    const article = articleSchema.parse(res.json());
    expect(article.title).toBe('The two th sounds: think and this');
    expect(article.content).not.toMatch(/^---/);
    expect(article.content).not.toContain('slug:');
    expect(article.content).toContain(`## ${PRACTISE_HEADING}`);
    expect(article.coverImageUrl).toMatch(/^\/api\/articles\/the-two-th-sounds\/cover\.svg\?v=/);
    expect(article.tags).toEqual(['TH', 'DH', 'pronunciation', 'intelligibility']);
  });

  it('answers 404 for a well-formed slug that is not in the library', async () => {
    const res = await call(t.app, 'GET', '/api/articles/no-such-article', { token: coach });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['an encoded parent path', '..%2F..%2Fpackage.json'],
    ['an encoded backslash path', '..%5C..%5Capp.ts'],
    ['a file name', 'the-two-th-sounds.md'],
    ['upper case', 'The-Two-Th-Sounds'],
    ['a null byte', 'the-two-th-sounds%00'],
    ['a slug over 80 characters', 'a'.repeat(81)],
  ])('refuses %s as a slug with 400 before looking anything up', async (_what, slug) => {
    const res = await call(t.app, 'GET', `/api/articles/${slug}`, { token: coach });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('never serves a file from outside the library, whatever the path', async () => {
    for (const url of [
      '/api/articles/../../package.json',
      '/api/articles/../articles.service.ts',
      '/api/articles/..%2F..%2F..%2Fpackage.json/cover.svg',
      '/api/articles/the-two-th-sounds/..%2F..%2Fapp.ts',
      '/api/articles/the-two-th-sounds/cover.svg/..%2F..%2F..%2Fpackage.json',
      '/api/articles/%2e%2e%2f%2e%2e%2fapp/cover.svg',
      '/api/articles/%2e%2e',
      '/api/articles/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await call(t.app, 'GET', url, { token: coach });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/"workspaces"|import |@agaton\/api/);
    }
  });
});

describe('GET /api/articles/{slug}/cover.svg', () => {
  const coverOf = async (slug: string) => {
    const list = await call(t.app, 'GET', '/api/articles', { token: coach });
    return (list.json() as { slug: string; coverImageUrl: string }[]).find((a) => a.slug === slug)!
      .coverImageUrl;
  };

  it('serves the SVG without a token, typed, cached for a year and sandboxed', async () => {
    const res = await t.app.inject({ method: 'GET', url: await coverOf(SLUG) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('answers 304 when the browser already holds the same cover', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/api/articles/${SLUG}/cover.svg` });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/articles/${SLUG}/cover.svg`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for an unknown slug and 400 for a malformed one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/articles/nope/cover.svg' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/articles/..%2F..%2Fapp/cover.svg' });
    expect(bad.statusCode).toBe(400);
  });
});
