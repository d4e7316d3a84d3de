import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../lib/api-client';
import { retryDelayMs, withRetry } from '../../../lib/retry';
import { createTokenStorage } from '../../../lib/token-storage';
import { ANSWER_RETRY } from './candidate-api';

const sendReliably = <T>(
  send: () => Promise<T>,
  options: { sleep?: (ms: number) => Promise<void>; onRetry?: () => void; signal?: AbortSignal },
) => withRetry(send, ANSWER_RETRY, options);

const memory = () => {
  const map = new Map<string, string>();
  return createTokenStorage({
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  });
};

/** The real api client over scripted answers; `sleep` records the waits instead of waiting. */
function setup(answers: (() => Response | Promise<Response>)[]) {
  let n = 0;
  const fetchFn = vi.fn(async () => answers[Math.min(n++, answers.length - 1)]());
  const client = createApiClient({ fetch: fetchFn as unknown as typeof fetch, tokens: memory() });
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  return { client, fetchFn, waits, sleep };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('an answer is sent until it arrives (ANSWER_RETRY)', () => {
  it('waits as long as Retry-After says, then backs off 1, 2, 4 s on lost connections', async () => {
    const { client, fetchFn, waits, sleep } = setup([
      () => json(503, { error: { code: 'BUSY', message: 'busy' } }, { 'retry-after': '7' }),
      () => Promise.reject(new TypeError('offline')),
      () => Promise.reject(new TypeError('offline')),
      () => json(200, { ok: true }),
    ]);
    const onRetry = vi.fn();
    await expect(sendReliably(() => client.request('/x'), { sleep, onRetry })).resolves.toEqual({ ok: true });
    expect(fetchFn).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([7000, 2000, 4000]);
    expect(onRetry).toHaveBeenCalledTimes(3);
  });

  it('gives up at once on an answer retrying cannot change', async () => {
    const { client, fetchFn, sleep } = setup([
      () => json(409, { error: { code: 'CONFLICT', message: 'taken' } }),
    ]);
    await expect(sendReliably(() => client.request('/x'), { sleep })).rejects.toMatchObject({ status: 409 });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('retries a 500 only a few times', async () => {
    const { client, fetchFn, sleep } = setup([
      () => json(500, { error: { code: 'INTERNAL', message: 'x' } }),
    ]);
    await expect(sendReliably(() => client.request('/x'), { sleep })).rejects.toMatchObject({ status: 500 });
    expect(fetchFn).toHaveBeenCalledTimes(4);
  });

  it('stops when the page is left', async () => {
    const controller = new AbortController();
    const { client, fetchFn } = setup([() => Promise.reject(new TypeError('offline'))]);
    const sending = sendReliably(() => client.request('/x'), { signal: controller.signal });
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('classifies failures and caps the waits', () => {
    const transient = (status: number) => ANSWER_RETRY.statuses.includes(status);
    expect(transient(0)).toBe(true);
    expect(transient(429)).toBe(true);
    expect(transient(400)).toBe(false);
    expect(retryDelayMs(ANSWER_RETRY, new ApiError(0, 'x'), 10)).toBe(15_000);
    expect(retryDelayMs(ANSWER_RETRY, new ApiError(503, 'x', 'BUSY', undefined, 600_000), 0)).toBe(30_000);
  });

  it('does not retry what is not an ApiError', async () => {
    const failure = new Error('x');
    const send = vi.fn(async () => {
      throw failure;
    });
    await expect(sendReliably(send, {})).rejects.toBe(failure);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
