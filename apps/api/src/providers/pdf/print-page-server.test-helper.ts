import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for the SPA's print route on loopback: any path ending in /print answers a page that
 * reads the admin token from localStorage (as the SPA does), writes what it found and the path into
 * the page, and sets data-print-ready. /never-ready/... never sets it; /slow/... holds its one
 * sub-request for `holdMs`, and the server counts how many are held at once; /redirect/... sends the
 * browser to the same path on another origin.
 */
export async function startPrintPageServer(options: { holdMs?: number } = {}) {
  const stats = { pages: 0, held: 0, maxHeld: 0 };
  const page = (script: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>print</title></head><body><main id="out">loading</main><script>${script}</script></body></html>`;
  const reportScript = `
    const token = localStorage.getItem('agaton.admin.token');
    const expiresAt = Number(localStorage.getItem('agaton.admin.expiresAt'));
    let subject = 'none';
    try { subject = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sub; } catch {}
    document.getElementById('out').innerHTML =
      '<p>Token: ' + (token ? 'present' : 'missing') + '</p><p>Signature: ' + (token ? token.split('.')[2] : '-') +
      '</p><p>Subject: ' + subject + '</p><p>Valid: ' + (expiresAt > Date.now()) +
      '</p><p>Path: ' + location.pathname + '</p>';
    document.body.setAttribute('data-print-ready', '');`;
  let port = 0;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path.startsWith('/hold')) {
      stats.held++;
      stats.maxHeld = Math.max(stats.maxHeld, stats.held);
      setTimeout(() => {
        stats.held--;
        response.end('ok');
      }, options.holdMs ?? 300);
      return;
    }
    stats.pages++;
    if (path.startsWith('/redirect/')) {
      // Same server, other origin (localhost is not 127.0.0.1 to a browser).
      response.writeHead(302, { location: `http://localhost:${port}${path.slice('/redirect'.length)}` });
      return response.end();
    }
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (path.startsWith('/never-ready/'))
      return response.end(page("document.getElementById('out').textContent = 'stuck';"));
    if (path.startsWith('/slow/')) {
      return response.end(page(`fetch('/hold').then(() => { ${reportScript} });`));
    }
    if (path.endsWith('/print')) return response.end(page(reportScript));
    response.statusCode = 404;
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a PDF, read by poppler's pdftotext (the way a person would copy it out). */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'agaton-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
