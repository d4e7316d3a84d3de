import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';

export type Reply = { status: number; body?: unknown };

/** Replaces fetch with a scripted server keyed by "METHOD /path"; records every call. */
export function stubApi(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    const route = routes[key];
    const reply = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: {} });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Renders `ui` at `path` with a router whose other pages print their own path. */
export function renderAt(path: string, ui: ReactNode, pattern = path.split('?')[0]) {
  return renderRoutes(path, { [pattern]: ui, '*': LANDED });
}

/**
 * The auth form suites' set-up: DOM shims and an empty localStorage before each test; unmount and the
 * real fetch after. Typing through Mantine inputs is slow on a busy two-core machine, so the assertions,
 * not the clock, decide (20 s per test).
 */
export function setUpAuthFormTests() {
  vi.setConfig({ testTimeout: 20_000 });
  beforeEach(() => {
    installDomShims();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
