import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/ports.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Issue 24: TRUST_PROXY through a real proxy hop — nginx (Debian's nginx-light, installed by
 * scripts/setup.sh) on 127.0.0.2 in front of the app on 127.0.0.1, configured as the README tells
 * operators (`proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`). Clients come from
 * other loopback addresses, so each has an address of its own that the per-IP sign-in limit counts.
 */
const nginx = (() => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const PROXY_HOST = '127.0.0.2';

let t: TestApp;
let appPort: number;
let proxyPort: number;
let proxy: ChildProcess | undefined;
let prefix: string;

/** Resolves once something accepts connections on host:port. */
async function listening(host: string, port: number) {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = request({ host, port, path: '/api/health', timeout: 500 }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${host}:${port}`);
}

/** A wrong-password sign-in sent from `from` to host:port, with a forged X-Forwarded-For. */
function signInFrom(from: string, host: string, port: number, forgedFor: string): Promise<number> {
  // A new account each time: only the per-IP limit, not the per-account throttle, can refuse.
  const body = JSON.stringify({ username: `${randomUUID()}@example.com`, password: 'Wrong-password-1' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/authn/password',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forgedFor,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  if (!nginx) return;
  t = await createTestApp({ TRUST_PROXY: PROXY_HOST, AUTH_RATE_LIMIT_MAX: '2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (t.app.server.address() as { port: number }).port;
  proxyPort = await freePort(PROXY_HOST);
  prefix = mkdtempSync(join(tmpdir(), 'agaton-nginx-'));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon off;
master_process off;
error_log stderr error;
pid ${join(prefix, 'nginx.pid')};
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  server {
    listen ${PROXY_HOST}:${proxyPort};
    location / {
      # The app sees the proxy's own address as the peer (a separate host, as in production).
      proxy_bind ${PROXY_HOST};
      proxy_pass http://127.0.0.1:${appPort};
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  proxy = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  await listening(PROXY_HOST, proxyPort);
}, 60_000);

afterAll(async () => {
  proxy?.kill();
  await t?.close();
  if (prefix) rmSync(prefix, { recursive: true, force: true });
});

describe.skipIf(!nginx)('TRUST_PROXY with nginx in front (skipped: nginx is not installed)', () => {
  it('counts a client behind the proxy by its own address, whatever X-Forwarded-For it forges', async () => {
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      statuses.push(await signInFrom('127.0.0.5', PROXY_HOST, proxyPort, forged));
    }
    expect(statuses).toEqual([401, 401, 429]);
    // Another client through the same proxy has a limit of its own.
    expect(await signInFrom('127.0.0.6', PROXY_HOST, proxyPort, '127.0.0.5')).toBe(401);
  });

  it('ignores X-Forwarded-For from a client that reaches the app port directly', async () => {
    const statuses = [];
    for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push(await signInFrom('127.0.0.7', '127.0.0.1', appPort, forged));
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
