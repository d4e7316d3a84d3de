import { RECRUITMENT_TEXTS } from '@agaton/contracts';
import { challenges } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumPdfRenderer } from '../../providers/pdf/chromium-pdf.ts';
import { pdfText, startPrintPageServer } from '../../providers/pdf/print-page-server.test-helper.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addCandidate, recruitmentOrgs, sampleResults } from './recruitment-admin.test-helper.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;
let pages: Awaited<ReturnType<typeof startPrintPageServer>>;
let renderer: ChromiumPdfRenderer;
let sales: { candidateId: string; challengeId: string };
let support: { candidateId: string; challengeId: string };

beforeAll(async () => {
  pages = await startPrintPageServer();
  renderer = new ChromiumPdfRenderer({ baseUrl: pages.baseUrl, executablePath: CHROMIUM, timeoutMs: 15_000 });
  t = await createTestApp({}, { pdfRenderer: renderer });
  org = await recruitmentOrgs(t);
  const sent = async (email: string, department: string) => {
    const c = await addCandidate(t, org.tokens.owner, {
      name: email,
      email,
      department,
      position: 'Sales representative',
    });
    const challengeId = c.recruitInfo.challengesMeta[0].id;
    await complete(t, challengeId);
    return { candidateId: c.identityId, challengeId };
  };
  sales = await sent('sid@example.com', org.sales.id);
  support = await sent('sup@example.com', org.support.id);
});
afterAll(async () => {
  await t.close();
  await renderer.close();
  await pages.close();
});

/** What the candidate side stores when the last part ends. */
async function complete(app: TestApp, challengeId: string) {
  await app.db
    .update(challenges)
    .set({ completedAt: new Date(), resultsBlob: sampleResults(), resultCefr: 'B1' })
    .where(eq(challenges.id, challengeId));
}

const report = (ids: { candidateId: string; challengeId: string }) =>
  `/dashboard/test/user/${ids.candidateId}/${ids.challengeId}/print`;
const generate = (token: string | undefined, urlPath: string, filename = 'Report.pdf') =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/generate-pdf',
    query: { urlPath, filename },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('GET /api/admin/generate-pdf', () => {
  it("prints the report's print route signed in as the asking admin and answers it as an attachment", async () => {
    const res = await generate(org.tokens.owner, report(sales), 'Sid report.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Sid report.pdf"; filename*=UTF-8''Sid%20report.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const admin = (await call(t.app, 'GET', '/api/admin', { token: org.tokens.owner })).json();
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Subject: ${admin.id}`);
    expect(text).toContain('Valid: true');
    expect(text.replace(/\s+/g, '')).toContain(`Path:${report(sales)}`);
  });

  it('keeps any file name safe in the header and ends it with .pdf', async () => {
    const res = await generate(org.tokens.owner, report(sales), 'Rapport Zoë');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Rapport Zo_.pdf"; filename*=UTF-8''Rapport%20Zo%C3%AB.pdf`,
    );
  });

  it('prints for a manager within their teams', async () => {
    expect((await generate(org.tokens.salesManager, report(sales))).statusCode).toBe(200);
  });

  it('refuses any path but a report print route (400), before opening a page', async () => {
    const before = pages.stats.pages;
    const paths = [
      '/dashboard/settings',
      `/dashboard/test/user/${sales.candidateId}/${sales.challengeId}`,
      `/dashboard/test/user/${sales.candidateId}/${sales.challengeId}/print/../../../../admin`,
      `//evil.example/dashboard/test/user/${sales.candidateId}/${sales.challengeId}/print`,
      `https://evil.example/dashboard/test/user/${sales.candidateId}/${sales.challengeId}/print`,
      `/dashboard/test/user/${'-'.repeat(36)}/${sales.challengeId}/print`,
    ];
    for (const urlPath of paths) {
      const res = await generate(org.tokens.owner, urlPath);
      expect(res.statusCode, urlPath).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    for (const filename of ['a"b.pdf', 'a/b.pdf', 'line\r\nbreak.pdf', '']) {
      expect((await generate(org.tokens.owner, report(sales), filename)).statusCode, filename).toBe(400);
    }
    expect(pages.stats.pages).toBe(before);
  });

  it("answers 404 for another organisation's report, one outside a manager's teams (none for a manager of no team), or ids that do not match", async () => {
    const before = pages.stats.pages;
    expect((await generate(org.tokens.ownerB, report(sales))).statusCode).toBe(404);
    expect((await generate(org.tokens.salesManager, report(support))).statusCode).toBe(404);
    expect((await generate(org.tokens.idleManager, report(support))).statusCode).toBe(404);
    const mismatched = { candidateId: support.candidateId, challengeId: sales.challengeId };
    expect((await generate(org.tokens.owner, report(mismatched))).statusCode).toBe(404);
    expect(pages.stats.pages).toBe(before);
  });

  it('answers 409 for a test without results yet, without opening a page', async () => {
    const before = pages.stats.pages;
    const open = await addCandidate(t, org.tokens.owner, {
      name: 'Olive Open',
      email: 'olive@example.com',
      position: 'Sales representative',
    });
    const res = await generate(
      org.tokens.owner,
      report({ candidateId: open.identityId, challengeId: open.recruitInfo.challengesMeta[0].id }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(RECRUITMENT_TEXTS.noResultsYet);
    expect(pages.stats.pages).toBe(before);
  });

  it('needs an admin token', async () => {
    expect((await generate(undefined, report(sales))).statusCode).toBe(401);
  });
});

describe('GET /api/admin/generate-pdf when the page does not get ready', () => {
  it("answers 503 'Failed to generate report'", async () => {
    const stuck = new ChromiumPdfRenderer({
      // Every path of this server prints nothing ready: /never-ready/ is prefixed to the report's path.
      baseUrl: `${pages.baseUrl}/never-ready`,
      executablePath: CHROMIUM,
      timeoutMs: 3_000,
    });
    const app = await createTestApp({}, { pdfRenderer: stuck });
    try {
      const owner = await recruitmentOrgs(app);
      const c = await addCandidate(app, owner.tokens.owner, {
        name: 'Stu',
        email: 'stu@example.com',
        position: 'Sales representative',
      });
      const challengeId = c.recruitInfo.challengesMeta[0].id;
      await complete(app, challengeId);
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/admin/generate-pdf',
        query: {
          urlPath: report({ candidateId: c.identityId, challengeId }),
          filename: 'Stu.pdf',
        },
        headers: { authorization: `Bearer ${owner.tokens.owner}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'TIMEOUT',
        message: RECRUITMENT_TEXTS.generatePdfFailed,
      });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
      await stuck.close();
    }
  });
});
