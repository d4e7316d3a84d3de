import { RECRUITMENT_TEXTS } from '@agaton/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Browser, type BrowserContext, chromium, errors } from 'playwright-core';
import { AppError } from '../../lib/app-error.ts';
import { A4_PRINT, type PdfRenderer, type RenderOptions } from './pdf-renderer.ts';

/** Flags for a headless Chromium that runs as root in a container and never phones home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface ChromiumPdfOptions {
  /** Where the app is served, e.g. http://127.0.0.1:3000 (the server's own loopback address), maybe with a path prefix. */
  baseUrl: string;
  /** The Chromium binary (Debian's /usr/bin/chromium by default). */
  executablePath: string;
  /** Whole deadline of one render, waiting for a free page included (spec 2 §9: HTTP timeout 20 s). */
  timeoutMs?: number;
  /** Pages printed at once; more renders wait for a free one. */
  maxPages?: number;
  log?: FastifyBaseLogger;
}

/** The access token's expiry in epoch ms (the SPA's token storage wants it), or 10 minutes from now. */
function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (typeof payload.exp === 'number') return payload.exp * 1000;
  } catch {
    // Not a JWT: the page will be refused by the API anyway, so any expiry will do.
  }
  return Date.now() + 10 * 60 * 1000;
}

const failed = () => new AppError('TIMEOUT', RECRUITMENT_TEXTS.generatePdfFailed, { retryAfterSec: 5 });

/**
 * Prints app pages with headless Chromium (playwright-core). One browser, launched on first use and
 * reused; each render gets a fresh browser context (its own localStorage, so admins never share a
 * session) holding the admin's token before any script of the page runs.
 */
export class ChromiumPdfRenderer implements PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private readonly timeoutMs: number;
  private readonly maxPages: number;
  private closed = false;

  constructor(private readonly options: ChromiumPdfOptions) {
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.maxPages = options.maxPages ?? 2;
  }

  async render(options: RenderOptions): Promise<Buffer> {
    if (this.closed) throw failed();
    const deadline = Date.now() + this.timeoutMs;
    await this.acquire(deadline);
    let context: BrowserContext | undefined;
    let finished = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(failed()), Math.max(0, deadline - Date.now()));
      });
      const printing = (async () => {
        const opened = await (await this.launch()).newContext({ serviceWorkers: 'block' });
        // Past the deadline already: nobody will close it below.
        if (finished) await opened.close();
        context = opened;
        return this.print(opened, options, deadline);
      })();
      printing.catch(() => {});
      return await Promise.race([printing, expired]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.TimeoutError) throw failed();
      this.options.log?.error({ err: error, path: options.path }, 'PDF rendering failed');
      throw new AppError('INTERNAL', RECRUITMENT_TEXTS.generatePdfFailed);
    } finally {
      finished = true;
      clearTimeout(timer);
      // Closing the context also stops a print still running past the deadline.
      await (context as BrowserContext | undefined)?.close().catch(() => {});
      this.release();
    }
  }

  private async print(context: BrowserContext, options: RenderOptions, deadline: number): Promise<Buffer> {
    const origin = new URL(this.options.baseUrl).origin;
    const values = JSON.stringify({
      origin,
      token: options.adminAccessToken,
      expiresAt: String(tokenExpiry(options.adminAccessToken)),
    });
    // Only the app's own origin gets the token, whatever the page might navigate to.
    await context.addInitScript({
      content: `(() => { const v = ${values}; if (location.origin !== v.origin) return;
        localStorage.setItem('agaton.admin.token', v.token);
        localStorage.setItem('agaton.admin.expiresAt', v.expiresAt); })();`,
    });
    const page = await context.newPage();
    const left = () => Math.max(1, deadline - Date.now());
    // The base may carry a path (an app served under a prefix); the page's path goes after it.
    const url = `${this.options.baseUrl.replace(/\/$/, '')}${options.path}`;
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: left() });
    await page.waitForSelector('[data-print-ready]', { state: 'attached', timeout: left() });
    await page.evaluate('document.fonts.ready.then(() => true)');
    return page.pdf(A4_PRINT);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const launching = chromium.launch({
        executablePath: this.options.executablePath,
        args: CHROMIUM_ARGS,
        headless: true,
      });
      this.browser = launching;
      launching.then(
        // A crashed browser is launched again on the next render.
        (browser) => browser.on('disconnected', () => (this.browser = null)),
        () => (this.browser = null),
      );
    }
    return this.browser;
  }

  /** Waits for one of the page slots, until the deadline. */
  private acquire(deadline: number): Promise<void> {
    if (this.active < this.maxPages) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        this.active++;
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(take);
        if (at >= 0) this.queue.splice(at, 1);
        reject(failed());
      }, deadline - Date.now());
      this.queue.push(take);
    });
  }

  private release() {
    this.active--;
    this.queue.shift()?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}
