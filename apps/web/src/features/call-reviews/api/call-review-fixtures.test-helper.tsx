import { QC_FIELDS, type QcBullet, type QcItem, type QcItemDetail } from '@agaton/contracts';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';

export const ITEM_ID = '9c000000-0000-4000-8000-000000000001';
export const CALL_ID = 'ca000000-0000-4000-8000-000000000001';
export const AGENT_ID = '3e000000-0000-4000-8000-000000000001';
export const Q_NEEDS = 'a1000000-0000-4000-8000-000000000001';
export const Q_RECAP = 'a1000000-0000-4000-8000-000000000002';
export const Q_PROMISE = 'a1000000-0000-4000-8000-000000000003';

/** 14 Mar 2026, 10:32 local time. */
export const CALL_TIME = new Date(2026, 2, 14, 10, 32);

export function bullet(overrides: Partial<QcBullet> = {}): QcBullet {
  const answer = overrides.answer ?? 'YES';
  const flagLevel = overrides.flagLevel ?? 'GREEN';
  return {
    questionId: Q_RECAP,
    questionText: 'Did the agent recap the next steps?',
    presentationText: 'The call ends with what happens next.',
    isTrueGood: true,
    flagLevel,
    answer,
    confidence: 0.92,
    needsReview: false,
    severity: 'MEDIUM',
    answeredBy: 'OFFLINE',
    sessionCitations: [
      {
        sessionId: CALL_ID,
        sessionDisplayName: 'Customer orders the Basic plan',
        start: 12.7,
        end: 17,
        citationTimeStrings: ['0:12 – 0:17'],
        lineIndexes: [2],
        quotes: ['To recap, your Basic plan starts today.'],
      },
    ],
    review: {
      automatic: { answer, flagLevel, needsReview: false },
      override: null,
      agentResponse: null,
      disputeOpen: false,
    },
    ...overrides,
  };
}

/** A red answer with no citation, open to a response. */
export const needsBullet = (overrides: Partial<QcBullet> = {}) =>
  bullet({
    questionId: Q_NEEDS,
    questionText: "Did the agent ask about the customer's needs?",
    presentationText: 'The agent asks what the customer needs before offering a plan.',
    flagLevel: 'RED',
    answer: 'NO',
    sessionCitations: [],
    ...overrides,
  });

/** A yellow answer a reviewer overrode, with the agent's open dispute. */
export const promiseBullet = (overrides: Partial<QcBullet> = {}) =>
  bullet({
    questionId: Q_PROMISE,
    questionText: 'Did the agent promise a result they cannot guarantee?',
    presentationText: 'No promises of results.',
    isTrueGood: false,
    flagLevel: 'YELLOW',
    answer: 'YES',
    sessionCitations: [],
    review: {
      automatic: { answer: 'NO', flagLevel: 'GREEN', needsReview: true },
      override: {
        answer: 'YES',
        reason: 'The agent said the setup "will definitely" take a day.',
        reviewer: { kind: 'ADMIN', id: 'ad1', name: 'Alex Admin' },
        at: new Date(2026, 2, 15, 9, 5).toISOString(),
        confirmsAutomatic: false,
      },
      agentResponse: {
        kind: 'DISPUTE',
        comment: 'I said it usually takes a day.',
        agent: { kind: 'AGENT', id: 'u1', name: 'Casey Coach' },
        at: new Date(2026, 2, 15, 11, 0).toISOString(),
      },
      disputeOpen: true,
    },
    ...overrides,
  });

export function item(overrides: Partial<QcItem> = {}): QcItem {
  return {
    qcItemId: ITEM_ID,
    flagLevel: 'RED',
    userIds: [AGENT_ID],
    qcTimestamp: Math.floor(CALL_TIME.getTime() / 1000),
    review: { isMarked: false },
    fields: {
      callTitle: 'Customer orders the Basic plan',
      agentName: 'Casey Coach',
      source: 'UPLOAD',
      redCount: 1,
      yellowCount: 1,
    },
    fieldConfigs: [...QC_FIELDS],
    bullets: [needsBullet(), bullet(), promiseBullet()],
    callId: CALL_ID,
    ...overrides,
  };
}

export function detail(overrides: Partial<QcItemDetail> = {}): QcItemDetail {
  return {
    ...item(),
    call: {
      callId: CALL_ID,
      title: 'Customer orders the Basic plan',
      source: 'UPLOAD',
      sessionId: null,
      agent: { identityId: AGENT_ID, name: 'Casey Coach', email: 'coach@agaton.local' },
      occurredAt: CALL_TIME.toISOString(),
      durationSeconds: 75,
      status: 'done',
      error: null,
      transcriptSource: 'ENGINE',
      recordingUrl: null,
      qcItemId: ITEM_ID,
      transcript: [
        {
          index: 0,
          speaker: 'AGENT',
          speakerLabel: 'Casey',
          start: 0,
          end: 3,
          text: 'Thanks for calling, this is Casey.',
        },
        {
          index: 1,
          speaker: 'CUSTOMER',
          speakerLabel: 'Customer',
          start: 3.2,
          end: 6.5,
          text: 'I would like the Basic plan please.',
          unsure: [5],
        },
        {
          index: 2,
          speaker: 'AGENT',
          speakerLabel: 'Casey',
          start: 12.7,
          end: 17,
          text: 'To recap, your Basic plan starts today.',
        },
      ],
    },
    ...overrides,
  };
}

export type Call = { method: string; path: string; query: URLSearchParams; body?: unknown };
export type Reply = { status: number; body?: unknown };

/** Answers the page's HTTP calls at the network boundary, keyed "METHOD /path" without /api; others 404. */
export function stubApi(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  tokenStorage.set('user', { accessToken: 'coach-token' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: Call = { method, path, query: url.searchParams, body };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: {} });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders `ui` at `path` inside the app's providers and a router. */
export function renderAt(path: string, pattern: string, ui: ReactNode) {
  return renderRoutes(path, { [pattern]: ui, '*': LANDED });
}
