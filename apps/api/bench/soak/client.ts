/** HTTP calls of bench:soak: each one timed and recorded under its endpoint's name. */
import type { EndpointStats } from './stats.ts';

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  /** Statuses that count as success (default: any 2xx). */
  expect?: number[];
}

export interface CallResult {
  status: number;
  body: unknown;
  text: string;
  ok: boolean;
}

export class Client {
  constructor(
    readonly base: string,
    private readonly stats: EndpointStats | null,
  ) {}

  /** One request; a network error is status 0. Recorded under `endpoint` unless stats is null. */
  async call(endpoint: string, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const t0 = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(120_000),
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      text = `network error: ${(error as Error).message}`;
    }
    const ms = performance.now() - t0;
    const ok = options.expect ? options.expect.includes(status) : status >= 200 && status < 300;
    this.stats?.record(endpoint, ms, ok, `${method} ${path} → ${status} ${text}`);
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status, body: parsed, text, ok };
  }
}

/** The body as `T`, or a thrown error naming the status and body. */
export function must<T>(result: CallResult, what: string): T {
  if (!result.ok) throw new Error(`${what} answered ${result.status}: ${result.text.slice(0, 300)}`);
  return result.body as T;
}
