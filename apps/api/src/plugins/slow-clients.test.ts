import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Issue 16 part 6, on a real socket: early errors close the connection, slow headers time out. */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '30' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => t?.close());

interface Outcome {
  reply: string;
  /** Milliseconds from the first byte sent to the socket closing. */
  closedAfterMs: number;
  /** Body bytes the client managed to send before the server closed the socket. */
  sent: number;
}

/**
 * Sends `head`, then streams body chunks as fast as the socket accepts them (a client uploading 100 MB)
 * until the server closes the connection or `giveUpMs` passes.
 */
function upload(head: string, giveUpMs = 5000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const started = performance.now();
    const chunk = Buffer.alloc(64 * 1024, 97);
    let reply = '';
    let sent = 0;
    let open = true;
    const pump = () => {
      while (open && sent < 100 * 1024 * 1024) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => {
      reply += data.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      open = false;
      clearTimeout(timer);
      resolve({ reply, closedAfterMs: performance.now() - started, sent });
    });
    const timer = setTimeout(() => {
      open = false;
      socket.destroy();
      reject(new Error(`socket still open after ${giveUpMs} ms; reply so far: ${reply.slice(0, 200)}`));
    }, giveUpMs);
  });
}

const hundredMb = 100 * 1024 * 1024;

describe('an early error on a large upload', () => {
  it('answers 401 to a bad token and closes the socket instead of reading 100 MB', async () => {
    const outcome = await upload(
      'POST /api/sessions/recordings HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer not-a-token\r\n' +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${hundredMb}\r\n\r\n`,
    );
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.reply.toLowerCase()).toContain('connection: close');
    expect(outcome.closedAfterMs).toBeLessThan(2000);
    expect(outcome.sent).toBeLessThan(hundredMb / 2);
  });

  it('answers 413 from the Content-Length of a JSON body and closes the socket', async () => {
    const outcome = await upload(
      'POST /api/admin/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${hundredMb}\r\n\r\n`,
    );
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.reply.toLowerCase()).toContain('connection: close');
    expect(outcome.closedAfterMs).toBeLessThan(2000);
  });

  it('keeps the connection open after an error whose request was read whole', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/app-user/me`);
    expect(res.status).toBe(401);
    expect(res.headers.get('connection')).not.toBe('close');
  });
});

describe('slow clients', () => {
  it('closes a connection whose headers do not arrive within HTTP_HEADERS_TIMEOUT_SECONDS', async () => {
    const outcome = await new Promise<{ reply: string; ms: number }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const started = performance.now();
      let reply = '';
      socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: '));
      socket.on('data', (data) => {
        reply += data.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve({ reply, ms: performance.now() - started }));
      setTimeout(() => socket.destroy(), 8000);
    });
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.ms).toBeLessThan(5000);
  });

  it('refuses a header timeout longer than the request timeout', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: t.config.DATA_DIR,
        HTTP_HEADERS_TIMEOUT_SECONDS: '60',
        HTTP_REQUEST_TIMEOUT_SECONDS: '30',
      }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
  });
});
