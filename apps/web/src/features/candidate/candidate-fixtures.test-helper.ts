import {
  type AssessmentStatus,
  type CandidateContent,
  type CandidateTest,
  type PartProgress,
  TEST_LEVELS,
  TEST_PARTS,
  type TestPart,
} from '@agaton/contracts';
import { vi } from 'vitest';

/** A drawn test with one item per level and part (ids like "r-LOW", "l-MEDIUM", "c-ADVANCED"). */
export const CONTENT: CandidateContent = {
  position: 'Customer Service',
  timeLimitsSeconds: { Reading: 360, Listening: 270, ReadingComprehension: 600, FreeSpeech: 120 },
  levels: Object.fromEntries(
    TEST_LEVELS.map((level) => [
      level,
      {
        reading: { sentences: [{ id: `r-${level}`, text: `Please read the ${level} sentence aloud.` }] },
        listening: {
          questions: [
            {
              id: `l-${level}`,
              text: `What did the ${level} speaker ask for?`,
              options: ['A refund', 'A new order', 'A call back'],
              audioUrl: `/api/assessment/audio/l-${level}?sig=abc`,
            },
          ],
        },
        readingComprehension: {
          questions: [
            {
              id: `c-${level}`,
              text: `Why was the ${level} parcel late?`,
              options: ['The weather', 'A strike', 'A wrong address'],
              readingText: `The ${level} parcel was late because of the snow.`,
            },
          ],
        },
        freeSpeech: { topics: [{ id: `f-${level}`, text: `Describe your ${level} working day.` }] },
      },
    ]),
  ) as CandidateContent['levels'],
};

/** One part's progress; not started unless told otherwise. */
export function part(name: TestPart, fields: Partial<PartProgress> = {}): PartProgress {
  return {
    part: name,
    state: 'not-started',
    level: 'LOW',
    itemId: null,
    answered: 0,
    total: name === 'FreeSpeech' ? 1 : 3,
    deadline: null,
    finishReason: null,
    ...fields,
  };
}

/** A status where the given parts have the given progress and the rest have not started. */
export function status(
  parts: Partial<Record<TestPart, Partial<PartProgress>>> = {},
  fields: Partial<AssessmentStatus> = {},
): AssessmentStatus {
  const list = TEST_PARTS.map((p) => part(p, parts[p]));
  const current = list.find((p) => p.state !== 'finished')?.part ?? null;
  return {
    mayContinuePart: list.some((p) => p.state === 'in-progress'),
    isFinished: current === null,
    assessmentResult: current === null ? { completedAt: new Date().toISOString() } : null,
    currentPart: current,
    parts: list,
    serverTime: new Date().toISOString(),
    ...fields,
  };
}

/** In-progress fields: the item to answer and a deadline `seconds` from now. */
export const running = (itemId: string, seconds = 300, fields: Partial<PartProgress> = {}) => ({
  state: 'in-progress' as const,
  itemId,
  deadline: new Date(Date.now() + seconds * 1000).toISOString(),
  ...fields,
});

export const FINISHED = { state: 'finished' as const, finishReason: 'FULL_COMPLETE' as const };

export function candidateTest(assessmentStatus: AssessmentStatus): CandidateTest {
  return {
    challenge: {
      id: 'ch-1',
      createTime: new Date().toISOString(),
      completedAt: null,
      code: 'ABCD-1234',
      isExpired: false,
      candidateName: 'Ann Lee',
      candidateEmail: 'ann@example.com',
    },
    content: CONTENT,
    organization: { id: 'org-1', name: 'Northwind' },
    assessmentStatus,
  };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export interface ApiCall {
  method: string;
  path: string;
  authorization?: string;
  /** JSON bodies parsed; multipart: its `meta` field parsed. */
  body?: unknown;
  audio?: Blob;
  fields?: Record<string, string>;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * The network as the runner sees it: each route answers from a queue of handlers (the last one keeps
 * answering); every request is recorded. A handler that throws is a connection failure.
 */
export function fakeApi() {
  const calls: ApiCall[] = [];
  const routes = new Map<string, { handlers: Handler[]; used: number }>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      authorization: headers.authorization,
    };
    if (init?.body instanceof FormData) {
      call.fields = {};
      for (const [key, value] of init.body.entries()) {
        if (typeof value === 'string') call.fields[key] = value;
        else call.audio = value;
      }
      if (call.fields.meta) call.body = JSON.parse(call.fields.meta);
    } else if (init?.body) {
      call.body = JSON.parse(String(init.body));
    }
    calls.push(call);
    const route = routes.get(`${call.method} ${call.path}`);
    if (!route) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    const handler = route.handlers[Math.min(route.used, route.handlers.length - 1)];
    route.used++;
    return handler(call);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** Adds answers for `route` ("POST /api/assessment/activity"), used in order; the last repeats. */
    on(route: string, ...handlers: Handler[]) {
      const existing = routes.get(route);
      if (existing) existing.handlers.push(...handlers);
      else routes.set(route, { handlers, used: 0 });
    },
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

/** An activity answer with `assessmentStatus`. */
export const answered = (assessmentStatus: AssessmentStatus, readingScore: number | null = null) =>
  json(200, { assessmentStatus, responseData: { readingScore } });
