import { type AuthSession, type fieldIssueSchema, messages, type TokenKind } from '@agaton/contracts';
import type { z } from 'zod';
import { createTokenStorage, expiryFrom, type TokenStorage, tokenLifetimeMs } from './token-storage';

/** HTTP timeout (spec 1 section 9). */
export const REQUEST_TIMEOUT_MS = 20_000;
/** A token with less than this left is refreshed before the request (spec 1 section 7). */
export const REFRESH_MARGIN_MS = 60_000;
/** RPC-style calls refresh and retry on UNAUTHENTICATED up to this many times (spec 1 section 7). */
export const RPC_RETRY_LIMIT = 3;

export const networkMessages = {
  timeout: 'The server took too long to answer. Please try again.',
  offline: 'Could not reach the server. Please check your connection and try again.',
} as const;

/** One field problem of a VALIDATION answer (`error.details[]`). */
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** An error whose `message` is safe to show to the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  /** Field problems of a VALIDATION answer (`error.details`), for forms that list them by path. */
  readonly details?: FieldIssue[];
  /** How long the server asked us to wait before retrying (429/503 with Retry-After), if it said. */
  readonly retryAfterMs?: number;
  constructor(status: number, message: string, code?: string, details?: FieldIssue[], retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The thing asked for is missing to the user: unknown or someone else's (404), or an id the server
 * cannot even parse (400, e.g. a cut-off link).
 */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or bad. */
export function parseRetryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value?.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type ErrorPayload = { error?: { code?: string; message?: string; details?: unknown } };

/** Keeps the well-formed `{ path, message }` entries of an error body's details. */
function detailsOf(body: unknown): FieldIssue[] | undefined {
  const details = (body as ErrorPayload | null)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  return details.filter(
    (d): d is FieldIssue => typeof d?.path === 'string' && typeof d?.message === 'string',
  );
}

/** Maps a failed response to the spec's user-facing text (spec 1 section 8 "General"). */
export function toUserMessage(status: number, body: unknown): string {
  const error = (body as ErrorPayload | null)?.error;
  if (error?.code === 'UsernameAlreadyTaken' || error?.code === 'USERNAME_ALREADY_TAKEN') {
    return messages.signUp.usernameAlreadyTaken;
  }
  // 501 carries a meaningful text ('This sign-in method is not set up on this server.').
  if (status === 500 || (status > 501 && status < 600) || error?.code === 'INTERNAL') {
    return messages.general.server;
  }
  if (typeof error?.message === 'string' && error.message.length > 0) return error.message;
  return messages.general.fallback;
}

/** The user-facing text for anything a call can throw. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.general.fallback;
}

/** Anything with a zod-like `parse`, so callers can validate responses with contract schemas. */
type Parser<T> = { parse: (value: unknown) => T };

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Sent as JSON, except FormData, which goes as multipart with the browser's boundary. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the stored access token of this kind, refreshing it as needed. */
  auth?: TokenKind;
  /** Send this bearer token as is (password-reset tokens). */
  bearer?: string;
  schema?: Parser<T>;
  /** Overrides the 20 s timeout (large uploads). */
  timeoutMs?: number;
  /** 'blob' answers a successful response's body as a Blob (files such as a PDF); errors stay JSON. */
  responseType?: 'json' | 'blob';
  /**
   * Let the request outlive the page: the browser still sends it when the page navigates away or
   * closes right after (fetch's `keepalive`; bodies up to 64 KB).
   */
  keepalive?: boolean;
};

export type ApiClientOptions = {
  fetch: typeof fetch;
  tokens: TokenStorage;
  baseUrl?: string;
  timeoutMs?: number;
  now?: () => number;
};

/**
 * The one HTTP client of the SPA. It attaches the stored token of the requested kind, refreshes it
 * proactively when under a minute remains, refreshes once and retries on a 401, clears the stored
 * tokens when a refresh is refused, and aborts after 20 s.
 */
export function createApiClient(options: ApiClientOptions) {
  const { tokens, baseUrl = '/api', timeoutMs = REQUEST_TIMEOUT_MS, now = Date.now } = options;
  // Concurrent callers share one refresh: refresh tokens rotate, so a second use would be a replay.
  const pendingRefresh = new Map<TokenKind, Promise<boolean>>();

  function urlFor(path: string, query?: RequestOptions<unknown>['query']) {
    const url = new URL(`${baseUrl}${path}`, 'http://placeholder');
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return /^https?:/.test(baseUrl) ? url.toString() : `${url.pathname}${url.search}`;
  }

  async function send(
    path: string,
    init: RequestInit,
    query?: RequestOptions<unknown>['query'],
    limitMs = timeoutMs,
  ) {
    const target = urlFor(path, query);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), limitMs);
    try {
      return await options.fetch(target, { ...init, signal: controller.signal });
    } catch {
      throw new ApiError(
        0,
        controller.signal.aborted ? networkMessages.timeout : networkMessages.offline,
        controller.signal.aborted ? 'TIMEOUT' : 'NETWORK',
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    if (response.status === 204) return undefined;
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  async function refreshOnce(kind: TokenKind): Promise<boolean> {
    const refreshToken = tokens.get(kind)?.refreshToken;
    if (!refreshToken) {
      tokens.clear(kind);
      return false;
    }
    const response = await send('/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    const body = await readBody(response);
    if (response.status >= 500) throw new ApiError(response.status, toUserMessage(response.status, body));
    if (!response.ok) {
      tokens.clear(kind);
      return false;
    }
    // A logout (or another sign-in) while the refresh was on its way wins: its answer is not stored.
    if (tokens.get(kind)?.refreshToken !== refreshToken) return tokens.get(kind) !== null;
    const session = body as AuthSession;
    tokens.set(kind, {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      expiresAt: expiryFrom(session.accessTokenExpiresInSeconds, now()),
    });
    return true;
  }

  /** Rotates the stored refresh token of `kind`; resolves false (tokens cleared) when refused. */
  function refresh(kind: TokenKind): Promise<boolean> {
    let pending = pendingRefresh.get(kind);
    if (!pending) {
      pending = refreshOnce(kind).finally(() => pendingRefresh.delete(kind));
      pendingRefresh.set(kind, pending);
    }
    return pending;
  }

  const signedOut = () => new ApiError(401, messages.token.unauthenticated, 'UNAUTHENTICATED');

  async function bearerFor(kind: TokenKind): Promise<string> {
    let stored = tokens.get(kind);
    if (!stored) throw signedOut();
    // Under a minute left means refresh now; a token living under two minutes uses half its life.
    const lifetime = tokenLifetimeMs(stored.accessToken);
    const margin = lifetime === undefined ? REFRESH_MARGIN_MS : Math.min(REFRESH_MARGIN_MS, lifetime / 2);
    if (stored.refreshToken && stored.expiresAt !== undefined && stored.expiresAt - now() < margin) {
      if (!(await refresh(kind))) throw signedOut();
      stored = tokens.get(kind);
      if (!stored) throw signedOut();
    }
    return stored.accessToken;
  }

  async function attempt<T>(path: string, opts: RequestOptions<T>) {
    const blob = opts.responseType === 'blob';
    const headers: Record<string, string> = { accept: blob ? '*/*' : 'application/json' };
    const token = opts.auth ? await bearerFor(opts.auth) : opts.bearer;
    if (token) headers.authorization = `Bearer ${token}`;
    const multipart = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (opts.body !== undefined && !multipart) headers['content-type'] = 'application/json';
    const response = await send(
      path,
      {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers,
        keepalive: opts.keepalive,
        body:
          opts.body === undefined
            ? undefined
            : multipart
              ? (opts.body as FormData)
              : JSON.stringify(opts.body),
      },
      opts.query,
      opts.timeoutMs,
    );
    return { response, body: blob && response.ok ? await response.blob() : await readBody(response) };
  }

  function result<T>(response: Response, body: unknown, opts: RequestOptions<T>): T {
    if (!response.ok) {
      const code = (body as ErrorPayload | null)?.error?.code;
      const wait = parseRetryAfterMs(response.headers?.get('retry-after'), now());
      throw new ApiError(response.status, toUserMessage(response.status, body), code, detailsOf(body), wait);
    }
    if (!opts.schema) return body as T;
    try {
      return opts.schema.parse(body);
    } catch {
      throw new ApiError(response.status, messages.general.fallback, 'BAD_RESPONSE');
    }
  }

  /** REST call: on a 401 with a stored token, refresh once and retry once. */
  async function request<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    let { response, body } = await attempt(path, opts);
    if (response.status === 401 && opts.auth) {
      if (!(await refresh(opts.auth))) throw signedOut();
      ({ response, body } = await attempt(path, opts));
    }
    return result(response, body, opts);
  }

  /** RPC-style call: an UNAUTHENTICATED answer refreshes and retries, up to RPC_RETRY_LIMIT times. */
  async function rpc<T = unknown>(path: string, body: unknown, opts: Omit<RequestOptions<T>, 'body'> = {}) {
    const call = { ...opts, method: opts.method ?? 'POST', body } as RequestOptions<T>;
    let answer = await attempt(path, call);
    for (let retry = 0; retry < RPC_RETRY_LIMIT && opts.auth; retry++) {
      const code = (answer.body as ErrorPayload | null)?.error?.code;
      if (answer.response.status !== 401 && code !== 'UNAUTHENTICATED') break;
      if (!(await refresh(opts.auth))) throw signedOut();
      answer = await attempt(path, call);
    }
    return result(answer.response, answer.body, call);
  }

  /**
   * A response read as it arrives (the chat's Server-Sent Events; EventSource cannot send the bearer
   * header): the stored token as for `request`, one refresh and retry on a 401, a failed answer thrown
   * as an ApiError. No timeout: the stream lasts as long as the answer, until `signal` aborts it; a
   * lost connection or an abort is thrown as fetch threw it.
   */
  async function stream(
    path: string,
    opts: { auth: TokenKind; query?: RequestOptions<unknown>['query']; accept: string; signal: AbortSignal },
  ): Promise<NonNullable<Response['body']>> {
    const open = async () =>
      options.fetch(urlFor(path, opts.query), {
        headers: { authorization: `Bearer ${await bearerFor(opts.auth)}`, accept: opts.accept },
        signal: opts.signal,
      });
    let response = await open();
    if (response.status === 401) {
      if (!(await refresh(opts.auth))) throw signedOut();
      response = await open();
    }
    if (!response.ok || !response.body) {
      const body = response.ok ? undefined : await readBody(response);
      throw new ApiError(response.status, toUserMessage(response.status, body));
    }
    return response.body;
  }

  return { request, rpc, stream, refresh, tokens };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** In-memory stand-in where localStorage is unavailable (private mode quirks, tests). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (name: string) => map.get(name) ?? null,
    setItem: (name: string, value: string) => void map.set(name, value),
    removeItem: (name: string) => void map.delete(name),
  };
}

export const tokenStorage = createTokenStorage(
  typeof localStorage === 'undefined' ? memoryStorage() : localStorage,
);

/** The application's client; `fetch` is looked up per call so tests and tools can replace it. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  tokens: tokenStorage,
});
