import { messages } from '@agaton/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  networkMessages,
  parseRetryAfterMs,
  RPC_RETRY_LIMIT,
  toUserMessage,
} from './api-client';
import { createTokenStorage } from './token-storage';

type Call = { url: string; method: string; authorization?: string; body?: unknown; keepalive?: boolean };

/** A scripted server: each handler answers one request; every request is recorded. */
function fakeServer(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.authorization,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      keepalive: init?.keepalive,
    };
    calls.push(call);
    return handler(call);
  });
  return { calls, fetch: fetchFn as unknown as typeof fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session = (n: number) => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  accessTokenExpiresInSeconds: 900,
  identity: { id: 'u1', email: 'a@b.co', kind: 'user', realm: 'whiskey' },
});

const NOW = 1_700_000_000_000;
let map: Map<string, string>;
let tokens: ReturnType<typeof createTokenStorage>;

beforeEach(() => {
  map = new Map();
  tokens = createTokenStorage({
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  });
});

describe('api client requests', () => {
  it('asks the browser to send a request on after the page is left only when told to (logout)', async () => {
    const server = fakeServer(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });
    await client.request('/token/revoke', { method: 'POST', body: { refreshToken: 'r' }, keepalive: true });
    await client.request('/app-user/me');
    expect(server.calls.map((c) => c.keepalive)).toEqual([true, undefined]);
  });
});

describe('api client token handling', () => {
  it('refreshes once on a 401 and retries the request with the new token', async () => {
    tokens.set('user', { accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: NOW + 600_000 });
    const server = fakeServer((call) => {
      if (call.url === '/api/token') return json(200, session(1));
      return call.authorization === 'Bearer access-1' ? json(200, { firstName: 'Ada' }) : json(401, {});
    });
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    await expect(client.request('/app-user/me', { auth: 'user' })).resolves.toEqual({ firstName: 'Ada' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/app-user/me', '/api/token', '/api/app-user/me']);
    expect(server.calls[1].body).toEqual({ refreshToken: 'refresh-0' });
    expect(tokens.get('user')).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: NOW + 900_000,
    });
  });

  it('clears the stored tokens and reports signed-out when the refresh is refused', async () => {
    tokens.set('user', { accessToken: 'old', refreshToken: 'used', expiresAt: NOW + 600_000 });
    tokens.set('admin', { accessToken: 'admin-token', refreshToken: 'r', expiresAt: NOW + 600_000 });
    const server = fakeServer(() => json(401, { error: { code: 'INVALID_TOKEN', message: 'no' } }));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    const error = (await client.request('/app-user/me', { auth: 'user' }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(tokens.get('user')).toBeNull();
    // Only the realm whose refresh failed is signed out.
    expect(tokens.get('admin')?.accessToken).toBe('admin-token');
    expect(server.calls).toHaveLength(2);
  });

  it('does not retry a second time when the retried request is still unauthorised', async () => {
    tokens.set('user', { accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 600_000 });
    const server = fakeServer((call) => (call.url === '/api/token' ? json(200, session(2)) : json(401, {})));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    await expect(client.request('/admin', { auth: 'user' })).rejects.toMatchObject({ status: 401 });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/admin', '/api/token', '/api/admin']);
  });

  it('refreshes before the request when less than a minute remains', async () => {
    tokens.set('admin', { accessToken: 'stale', refreshToken: 'r0', expiresAt: NOW + 30_000 });
    const server = fakeServer((call) => (call.url === '/api/token' ? json(200, session(3)) : json(200, {})));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    await client.request('/admin', { auth: 'admin' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/token', '/api/admin']);
    expect(server.calls[1].authorization).toBe('Bearer access-3');
  });

  it('keeps a token with more than a minute left', async () => {
    tokens.set('admin', { accessToken: 'fresh', refreshToken: 'r0', expiresAt: NOW + 61_000 });
    const server = fakeServer(() => json(200, {}));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    await client.request('/admin', { auth: 'admin' });
    expect(server.calls.map((c) => c.authorization)).toEqual(['Bearer fresh']);
  });

  it('scales the early-refresh margin down to half the life of a short-lived JWT', async () => {
    const claims = btoa(JSON.stringify({ sub: 'u', iat: 1000, exp: 1010 })).replace(/=+$/, '');
    const jwt = `e30.${claims}.sig`;
    const server = fakeServer((call) => (call.url === '/api/token' ? json(200, session(5)) : json(200, {})));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    tokens.set('user', { accessToken: jwt, refreshToken: 'r', expiresAt: NOW + 6_000 });
    await client.request('/a', { auth: 'user' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/a']);

    tokens.set('user', { accessToken: jwt, refreshToken: 'r', expiresAt: NOW + 4_000 });
    await client.request('/b', { auth: 'user' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/a', '/api/token', '/api/b']);
  });

  it('shares one refresh between concurrent requests so the rotated token is not replayed', async () => {
    tokens.set('user', { accessToken: 'stale', refreshToken: 'r0', expiresAt: NOW + 1_000 });
    const server = fakeServer((call) => (call.url === '/api/token' ? json(200, session(4)) : json(200, {})));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    await Promise.all([
      client.request('/a', { auth: 'user' }),
      client.request('/b', { auth: 'user' }),
      client.request('/c', { auth: 'user' }),
    ]);
    expect(server.calls.filter((c) => c.url === '/api/token')).toHaveLength(1);
  });

  it('keeps a logout made while a refresh was on its way: the refreshed tokens are not stored', async () => {
    tokens.set('user', { accessToken: 'stale', refreshToken: 'r0', expiresAt: NOW + 1_000 });
    const server = fakeServer((call) => {
      if (call.url !== '/api/token') return json(200, {});
      tokens.clear('user'); // the user logs out before the refresh answers
      return json(200, session(6));
    });
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    await expect(client.request('/app-user/me', { auth: 'user' })).rejects.toMatchObject({ status: 401 });
    expect(tokens.get('user')).toBeNull();
    expect(server.calls.map((c) => c.url)).toEqual(['/api/token']);
  });

  it('fails fast without a network call when no token of that kind is stored', async () => {
    const server = fakeServer(() => json(200, {}));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });
    await expect(client.request('/app-user/me', { auth: 'user' })).rejects.toMatchObject({ status: 401 });
    expect(server.calls).toHaveLength(0);
  });
});

describe('RPC-style retries', () => {
  it(`refreshes and retries UNAUTHENTICATED answers at most ${RPC_RETRY_LIMIT} times`, async () => {
    tokens.set('admin', { accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 600_000 });
    let refreshes = 0;
    const server = fakeServer((call) => {
      if (call.url === '/api/token') return json(200, session(++refreshes));
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });
    });
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    await expect(client.rpc('/qa/list', {}, { auth: 'admin' })).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(RPC_RETRY_LIMIT);
    expect(server.calls.filter((c) => c.url === '/api/qa/list')).toHaveLength(RPC_RETRY_LIMIT + 1);
  });

  it('succeeds once a retry is accepted', async () => {
    tokens.set('admin', { accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 600_000 });
    let refreshes = 0;
    const server = fakeServer((call) => {
      if (call.url === '/api/token') return json(200, session(++refreshes));
      return refreshes >= 2 ? json(200, { ok: true }) : json(401, { error: { code: 'UNAUTHENTICATED' } });
    });
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });
    await expect(client.rpc('/qa/list', { page: 1 }, { auth: 'admin' })).resolves.toEqual({ ok: true });
    expect(server.calls.at(-1)?.body).toEqual({ page: 1 });
  });
});

describe('errors and timeouts', () => {
  it('maps a 500 to the server text and unknown failures to the fallback', () => {
    expect(toUserMessage(500, { error: { code: 'INTERNAL', message: 'stack trace' } })).toBe(
      'Server error. Please try again or contact support.',
    );
    expect(toUserMessage(502, undefined)).toBe(messages.general.server);
    expect(toUserMessage(418, undefined)).toBe('Something went wrong.');
    expect(toUserMessage(409, { error: { code: 'UsernameAlreadyTaken' } })).toBe(
      'Email address already taken.',
    );
    expect(toUserMessage(401, { error: { code: 'WRONG_CREDENTIALS', message: 'Wrong credentials.' } })).toBe(
      'Wrong credentials.',
    );
  });

  it('shows the server text for a sign-in method that is not set up (501)', async () => {
    const text = 'This sign-in method is not set up on this server.';
    const server = fakeServer(() => json(501, { error: { code: 'PROVIDER_NOT_CONFIGURED', message: text } }));
    const client = createApiClient({ fetch: server.fetch, tokens });
    await expect(client.request('/oauth/google/start')).rejects.toMatchObject({ status: 501, message: text });
  });

  it('aborts a request that takes longer than the timeout', async () => {
    vi.useFakeTimers();
    try {
      const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        })) as typeof fetch;
      const client = createApiClient({ fetch: hanging, tokens });
      const pending = client.request('/health').catch((e) => e);
      await vi.advanceTimersByTimeAsync(19_999);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error).toMatchObject({ code: 'TIMEOUT', message: networkMessages.timeout });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends query parameters and a bearer reset token without touching stored tokens', async () => {
    const server = fakeServer(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch: server.fetch, tokens });
    await client.request('/admin/auth', { query: { email: 'a+b@c.io', skip: undefined } });
    await client.request('/password', { method: 'PUT', bearer: 'reset-1', body: { password: 'Abc123' } });
    expect(server.calls[0].url).toBe('/api/admin/auth?email=a%2Bb%40c.io');
    expect(server.calls[1]).toMatchObject({ method: 'PUT', authorization: 'Bearer reset-1' });
  });

  it('sends FormData as multipart (no JSON content type) and honours a longer timeout', async () => {
    vi.useFakeTimers();
    try {
      let sent: RequestInit | undefined;
      const slow = ((_input: RequestInfo | URL, init?: RequestInit) => {
        sent = init;
        return new Promise((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          setTimeout(() => resolve(json(202, { meetingId: 'm1' })), 30_000);
        });
      }) as typeof fetch;
      const client = createApiClient({ fetch: slow, tokens });
      const form = new FormData();
      form.append('username', 'a@b.co');
      const pending = client.request('/sessions/recordings', { body: form, timeoutMs: 60_000 });
      await vi.advanceTimersByTimeAsync(30_000);
      await expect(pending).resolves.toEqual({ meetingId: 'm1' });
      expect(sent?.method).toBe('POST');
      expect(sent?.body).toBe(form);
      expect(new Headers(sent?.headers).get('content-type')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('files and validation details', () => {
  it('answers a Blob for responseType blob, and keeps error bodies as JSON with their details', async () => {
    tokens.set('admin', { accessToken: 'admin-0', expiresAt: NOW + 600_000 });
    const server = fakeServer((call) =>
      call.url.startsWith('/api/file')
        ? new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } })
        : json(400, {
            error: {
              code: 'VALIDATION',
              message: 'Check the fields.',
              details: [{ path: 'positions.0.position', message: 'Required' }, { bad: true }],
            },
          }),
    );
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });
    const file = await client.request<Blob>('/file', { auth: 'admin', responseType: 'blob' });
    expect(file.type).toBe('application/pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    const failure = await client
      .request('/other', { auth: 'admin', responseType: 'blob' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Check the fields.',
      details: [{ path: 'positions.0.position', message: 'Required' }],
    });
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('7')).toBe(7000);
    expect(parseRetryAfterMs(null)).toBeUndefined();
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
  });
});

describe('streams (the chat answer as it arrives)', () => {
  const events = () =>
    new Response('data: {"type":"done"}\n\n', {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });

  it('opens with the stored token, refreshing once on a 401, and hands back the body as it comes', async () => {
    tokens.set('user', { accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: NOW + 600_000 });
    const server = fakeServer((call) => {
      if (call.url === '/api/token') return json(200, session(1));
      return call.authorization === 'Bearer access-1' ? events() : json(401, {});
    });
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });

    const body = await client.stream('/chat/threads/t1/events', {
      auth: 'user',
      query: { runId: 'r 1' },
      accept: 'text/event-stream',
      signal: new AbortController().signal,
    });
    expect(await new Response(body).text()).toBe('data: {"type":"done"}\n\n');
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/chat/threads/t1/events?runId=r+1',
      '/api/token',
      '/api/chat/threads/t1/events?runId=r+1',
    ]);
  });

  it('throws a refused stream as an ApiError with its status', async () => {
    tokens.set('user', { accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: NOW + 600_000 });
    const server = fakeServer(() => json(404, { error: { code: 'NOT_FOUND', message: 'No such run' } }));
    const client = createApiClient({ fetch: server.fetch, tokens, now: () => NOW });
    const error = await client
      .stream('/chat/threads/t1/events', {
        auth: 'user',
        accept: 'text/event-stream',
        signal: new AbortController().signal,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'No such run' });
  });
});
