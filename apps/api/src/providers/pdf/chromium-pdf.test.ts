import { RECRUITMENT_TEXTS } from '@agaton/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { ChromiumPdfRenderer } from './chromium-pdf.ts';
import { pdfText, startPrintPageServer } from './print-page-server.test-helper.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORT =
  '/dashboard/test/user/11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222/print';

/** A JWT-shaped token (the renderer reads its expiry; the page reads its subject and signature). */
function token(sub: string, signature: string, expInSeconds = 600) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub, exp: Math.floor(Date.now() / 1000) + expInSeconds })}.${signature}`;
}

let pages: Awaited<ReturnType<typeof startPrintPageServer>>;
let renderer: ChromiumPdfRenderer;

beforeAll(async () => {
  // Slow pages are held long enough that four renders overlap even on a busy machine (CI shares its
  // two cores with the other test files): only then does "at most two at once" say anything.
  pages = await startPrintPageServer({ holdMs: 1500 });
  renderer = new ChromiumPdfRenderer({ baseUrl: pages.baseUrl, executablePath: CHROMIUM, timeoutMs: 15_000 });
});
afterAll(async () => {
  await renderer.close();
  await pages.close();
});

describe('ChromiumPdfRenderer', () => {
  it('prints the page signed in as the admin: the token is in localStorage before the page runs', async () => {
    const bytes = await renderer.render({ path: REPORT, adminAccessToken: token('admin-42', 'sigAAA') });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Token: present');
    expect(text).toContain('Signature: sigAAA');
    expect(text).toContain('Subject: admin-42');
    // The expiry stored beside the token is the token's own, so the SPA treats the session as live.
    expect(text).toContain('Valid: true');
    // A long path wraps onto two lines.
    expect(text.replace(/\s+/g, '')).toContain(`Path:${REPORT}`);
    // A4 portrait: 595 x 842 points.
    expect(bytes.toString('latin1')).toMatch(
      /MediaBox\s*\[\s*0 0 595(\.\d+)? 841\.9|MediaBox\s*\[\s*0 0 595(\.\d+)? 842/,
    );
  });

  it('prints at most two pages at once; the others wait, and each admin sees only their own session', async () => {
    pages.stats.maxHeld = 0;
    const admins = ['sigB1', 'sigB2', 'sigB3', 'sigB4'];
    const pdfs = await Promise.all(
      admins.map((sig, i) =>
        renderer.render({ path: `/slow/${i}/print`, adminAccessToken: token(`a${i}`, sig) }),
      ),
    );
    expect(pages.stats.maxHeld).toBe(2);
    pdfs.forEach((bytes, i) => {
      const text = pdfText(bytes);
      expect(text).toContain(`Signature: ${admins[i]}`);
      for (const other of admins.filter((_, j) => j !== i)) expect(text).not.toContain(other);
    });
  });

  it('gives the token to the app origin only, not to a page the app redirects to', async () => {
    const bytes = await renderer.render({ path: `/redirect${REPORT}`, adminAccessToken: token('x', 'sigC') });
    const text = pdfText(bytes);
    expect(text).toContain('Token: missing');
    expect(text).not.toContain('sigC');
  });

  it('answers 503 "Failed to generate report" when the page never becomes ready, within the deadline', {
    timeout: 60_000,
  }, async () => {
    // One page at a time, so the print after the timeout shows the slot was given back. The deadline
    // has to hold a whole print on a busy two-core CI machine (3 s did not, 2026-11-30).
    const quick = new ChromiumPdfRenderer({
      baseUrl: pages.baseUrl,
      executablePath: CHROMIUM,
      timeoutMs: 10_000,
      maxPages: 1,
    });
    try {
      await quick.render({ path: REPORT, adminAccessToken: token('w', 'sigW') }); // the browser is up
      const started = Date.now();
      const error = await quick
        .render({ path: '/never-ready/print', adminAccessToken: token('x', 'sigD') })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'TIMEOUT',
        statusCode: 503,
        message: RECRUITMENT_TEXTS.generatePdfFailed,
      });
      // The 10 s deadline, with room for a busy machine: far from a hang.
      expect(Date.now() - started).toBeLessThan(15_000);
      // The slot was given back: the same renderer prints the next page.
      const bytes = await quick.render({ path: REPORT, adminAccessToken: token('y', 'sigE') });
      expect(pdfText(bytes)).toContain('Signature: sigE');
    } finally {
      await quick.close();
    }
  });

  it('refuses to render once closed', async () => {
    const closed = new ChromiumPdfRenderer({ baseUrl: pages.baseUrl, executablePath: CHROMIUM });
    await closed.close();
    await expect(closed.render({ path: REPORT, adminAccessToken: token('z', 'sigF') })).rejects.toMatchObject(
      {
        code: 'TIMEOUT',
      },
    );
  });
});
