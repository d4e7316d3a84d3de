import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { messages } from '@agaton/contracts';
import { DEMO_ACCOUNTS, seedDemoData } from '@agaton/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORING_TEXTS } from '../modules/scoring/scoring.texts.ts';
import { multipartBody } from '../testing/fuzz-cases.ts';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';

/**
 * Issue 24, on a real socket: a body is bounded by what it declares — in size before it is read, in
 * time while it arrives — scored uploads in flight are bounded per client, too many parts is named as
 * such, and a client hanging up is not a server error.
 */
let t: TestApp;
let port: number;
let userToken: string;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp(
    {
      // A body must arrive within 1 s plus its size at 1 MB/s (a 100-byte body: ~1 s).
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_BODY_MIN_BYTES_PER_SECOND: String(1024 * 1024),
      HTTP_REQUEST_TIMEOUT_SECONDS: '60',
      SCORING_UPLOADS_PER_CLIENT: '2',
    },
    { logger: { level: 'info', stream } },
  );
  await seedDemoData(t.db);
  userToken = (await signIn(t.app, DEMO_ACCOUNTS.coach, DEMO_ACCOUNTS.password)).accessToken;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => t?.close());

interface Exchange {
  socket: Socket;
  /** Resolves with everything the server sent once it closes the connection (or `giveUpMs` passes). */
  closed: Promise<{ reply: string; ms: number }>;
}

/** Opens a connection and sends `head` (and `body`, if any), then leaves the socket to the caller. */
function open(head: string, body = '', giveUpMs = 10_000): Exchange {
  const socket = connect(port, '127.0.0.1');
  const started = performance.now();
  let reply = '';
  const closed = new Promise<{ reply: string; ms: number }>((resolve) => {
    const timer = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (data) => {
      reply += data.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ reply, ms: performance.now() - started });
    });
  });
  socket.on('connect', () => socket.write(head + body));
  return { socket, closed };
}

/** Sends one more byte every `everyMs` until the socket closes. */
function trickle(socket: Socket, everyMs: number) {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write('a');
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

const boundary = 'bounds';
const multipartHead = (path: string, length: number, token?: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}` +
  `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`;
const audioPartHead =
  `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n` +
  'Content-Type: audio/wav\r\n\r\n';

describe('a declared length over the limit', () => {
  it('refuses a 10 GB recording upload with 413 before reading its body', async () => {
    const { socket, closed } = open(multipartHead('/api/sessions/recordings', 10 * 1024 ** 3, userToken));
    socket.on('connect', () => socket.write(Buffer.alloc(64 * 1024)));
    const { reply, ms } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply).toContain('The recording is larger than 600 MB.');
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(ms).toBeLessThan(5000);
  });

  it('refuses a 20 MB scoring upload from its Content-Length', async () => {
    const { closed } = open(multipartHead('/api/score/public/phrase', 20 * 1024 * 1024));
    const { reply } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply).toContain(SCORING_TEXTS.tooLarge(t.config.SCORING_UPLOAD_LIMIT_BYTES));
  });
});

describe('a body trickling in', () => {
  it('answers 408 to a JSON body that does not arrive within its deadline', async () => {
    const head =
      'POST /api/authn/password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\n\r\n';
    const { socket, closed } = open(head, '{"username":"');
    trickle(socket, 200);
    const { reply, ms } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain(messages.request.bodyTooSlow);
    expect(ms).toBeLessThan(5000);
  });

  it('answers 408 to a scoring upload trickling in, and frees its slot', async () => {
    const { socket, closed } = open(multipartHead('/api/score/public/phrase', 200_000), audioPartHead);
    trickle(socket, 200);
    const { reply, ms } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('"code":"REQUEST_TIMEOUT"');
    expect(ms).toBeLessThan(5000);
  });
});

describe('scored uploads in flight', () => {
  it('holds at most SCORING_UPLOADS_PER_CLIENT per client, then answers 429 until one ends', async () => {
    const held = [0, 1].map(() => open(multipartHead('/api/score/public/phrase', 500_000), audioPartHead));
    // Both are being read (their bodies are incomplete) before the third arrives.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const third = await fetch(`http://127.0.0.1:${port}/api/score/public/phrase`, {
      method: 'POST',
      ...multipartBody({ target_phrase: 'Hello.' }),
    });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (const h of held) h.socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await fetch(`http://127.0.0.1:${port}/api/score/public/phrase`, {
      method: 'POST',
      ...multipartBody({ target_phrase: 'Hello.' }),
    });
    // Admitted again: refused for what it is (no audio), not for the slots.
    expect(after.status).toBe(400);
    expect(((await after.json()) as { error: { message: string } }).error.message).toBe(
      SCORING_TEXTS.noAudio,
    );
  });
});

describe('multipart limits and hang-ups', () => {
  it('names too many fields as such, not as a size', async () => {
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x']));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/score/public/phrase',
      ...multipartBody(fields),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.request.tooManyParts);
  });

  it('logs a client that hangs up mid-upload at info level, not as an unhandled error', async () => {
    logLines.length = 0;
    const { socket, closed } = open(multipartHead('/api/score/public/phrase', 100_000), audioPartHead);
    setTimeout(() => socket.destroy(), 300);
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const entries = logLines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; status?: number },
    );
    expect(entries.some((e) => e.msg === 'client closed the request' && e.level === 30)).toBe(true);
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
  });
});
