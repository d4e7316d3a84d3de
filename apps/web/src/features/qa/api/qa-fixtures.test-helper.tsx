import type {
  Admin,
  AnswerEvent,
  AnswerReview,
  Calibration,
  QcBullet,
  QcItem,
  QcItemDetail,
} from '@agaton/contracts';
import { QC_FIELDS } from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';

export const ORG_ID = '0a000000-0000-4000-8000-000000000001';
export const SALES = { id: '5a1e5000-0000-4000-8000-000000000001', name: 'Sales' };
export const SAM_ID = '3e000000-0000-4000-8000-000000000001';
export const ITEM_ID = '9c000000-0000-4000-8000-000000000001';
export const CALL_ID = 'ca000000-0000-4000-8000-000000000001';

export function admin(): Admin {
  const access = { haveAccess: true, status: 'subscription-active' as const };
  return {
    id: 'ad000000-0000-4000-8000-000000000001',
    name: 'Morgan Manager',
    email: 'manager@agaton.local',
    organizationInfo: {
      id: ORG_ID,
      name: 'Demo Co',
      industry: null,
      department: null,
      managedTeams: [SALES],
    },
    productAccess: { aiCoach: access, recruitment: access, onboarding: access, training: access },
    availablePositions: [],
    enabledFeatures: ['QA_ALERTS', 'QA_DASHBOARD'],
    role: 'MANAGER',
  };
}

export function bullet(overrides: Partial<QcBullet> = {}): QcBullet {
  const answer = overrides.answer ?? 'YES';
  const flagLevel = overrides.flagLevel ?? 'GREEN';
  const needsReview = overrides.needsReview ?? false;
  return {
    questionId: 'q1',
    questionText: 'Did the agent recap the next steps?',
    presentationText: 'The call ends with what happens next.',
    isTrueGood: true,
    flagLevel: 'GREEN',
    answer: 'YES',
    confidence: 0.92,
    needsReview: false,
    severity: 'MEDIUM',
    answeredBy: 'OFFLINE',
    sessionCitations: [
      {
        sessionId: CALL_ID,
        sessionDisplayName: 'Invoice complaint',
        start: 12.7,
        end: 17,
        citationTimeStrings: ['0:12 – 0:17'],
        lineIndexes: [2],
        quotes: ['To recap, the difference is credited on your next invoice.'],
      },
    ],
    review: {
      automatic: { answer, flagLevel, needsReview },
      override: null,
      agentResponse: null,
      disputeOpen: false,
    },
    ...overrides,
  };
}

export function item(overrides: Partial<QcItem> = {}): QcItem {
  return {
    qcItemId: ITEM_ID,
    flagLevel: 'RED',
    userIds: [SAM_ID],
    qcTimestamp: 1_795_000_000,
    review: { isMarked: false },
    fields: {
      callTitle: 'Invoice complaint',
      agentName: 'Sam Seller',
      source: 'UPLOAD',
      redCount: 1,
      yellowCount: 0,
    },
    fieldConfigs: [...QC_FIELDS],
    bullets: [bullet()],
    callId: CALL_ID,
    ...overrides,
  };
}

export function detail(overrides: Partial<QcItemDetail> = {}): QcItemDetail {
  const base = item();
  return {
    ...base,
    bullets: [
      bullet({
        questionId: 'q0',
        questionText: 'Did the agent promise a refund?',
        flagLevel: 'RED',
        answer: 'YES',
        sessionCitations: [],
      }),
      bullet(),
    ],
    call: {
      callId: CALL_ID,
      title: 'Invoice complaint',
      source: 'UPLOAD',
      sessionId: null,
      agent: { identityId: SAM_ID, name: 'Sam Seller', email: 'sam@agaton.local' },
      occurredAt: '2026-11-25T10:00:00.000Z',
      durationSeconds: 17,
      status: 'done',
      error: null,
      transcriptSource: 'UPLOAD',
      recordingUrl: '/api/qa/calls/recording?token=t',
      qcItemId: ITEM_ID,
      transcript: [
        {
          index: 0,
          speaker: 'AGENT',
          speakerLabel: 'Agent',
          start: 0,
          end: 3,
          text: 'Thank you for calling, my name is Sam.',
        },
        {
          index: 1,
          speaker: 'CUSTOMER',
          speakerLabel: 'Customer',
          start: 3.2,
          end: 6.5,
          text: 'My invoice doubled.',
        },
        {
          index: 2,
          speaker: 'AGENT',
          speakerLabel: 'Agent',
          start: 12.7,
          end: 17,
          text: 'To recap, the difference is credited on your next invoice.',
        },
      ],
    },
    ...overrides,
  };
}

export const ADMIN_ACTOR = {
  kind: 'ADMIN' as const,
  id: 'ad000000-0000-4000-8000-000000000001',
  name: 'Morgan Manager',
};
export const AGENT_ACTOR = {
  kind: 'AGENT' as const,
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Casey Coach',
};

/** A reviewer's override of `bullet` to `answer` (a confirmation when it is the automatic answer). */
export function overridden(bullet: QcBullet, answer: QcBullet['answer'], reason: string): QcBullet {
  const confirmsAutomatic = answer === bullet.review.automatic.answer;
  const flagLevel = confirmsAutomatic
    ? bullet.review.automatic.flagLevel
    : answer === 'NOT_APPLICABLE'
      ? 'UNSPECIFIED'
      : (answer === 'YES') === bullet.isTrueGood
        ? 'GREEN'
        : 'RED';
  return {
    ...bullet,
    answer,
    flagLevel,
    needsReview: false,
    review: {
      ...bullet.review,
      override: { answer, reason, reviewer: ADMIN_ACTOR, at: '2026-11-26T09:30:00.000Z', confirmsAutomatic },
      disputeOpen: false,
    },
  };
}

/** The agent's latest response to `bullet`: a dispute (open unless a reviewer settled it) or an acknowledgement. */
export function responded(
  bullet: QcBullet,
  kind: 'ACKNOWLEDGE' | 'DISPUTE',
  comment: string | null,
  review: Partial<AnswerReview> = {},
): QcBullet {
  return {
    ...bullet,
    review: {
      ...bullet.review,
      agentResponse: { kind, comment, agent: AGENT_ACTOR, at: '2026-11-25T15:00:00.000Z' },
      disputeOpen: kind === 'DISPUTE',
      ...review,
    },
  };
}

export function historyEvent(overrides: Partial<AnswerEvent> = {}): AnswerEvent {
  return {
    eventId: 'e1',
    questionId: 'q0',
    questionText: 'Did the agent promise a refund?',
    kind: 'OVERRIDE',
    answer: 'NO',
    automaticAnswer: 'YES',
    comment: 'The agent said billing decides.',
    actor: ADMIN_ACTOR,
    at: '2026-11-26T09:30:00.000Z',
    ...overrides,
  };
}

export const SET_ID = '5c000000-0000-4000-8000-000000000001';

type CalibrationRow = Calibration['questions'][number];
export function calibrationRow(
  questionId: string,
  questionText: string,
  counts: { answers: number; reviewed: number; agreed: number; openDisputes?: number },
): CalibrationRow {
  return {
    questionId,
    questionText,
    presentationText: `Why: ${questionText}`,
    answers: counts.answers,
    reviewed: counts.reviewed,
    agreed: counts.agreed,
    agreementShare: counts.reviewed ? counts.agreed / counts.reviewed : null,
    openDisputes: counts.openDisputes ?? 0,
  };
}

/** A scorecard's calibration with totals summed from its rows. */
export function calibration(questions: CalibrationRow[], name = 'Sales calls'): Calibration {
  const sum = (key: 'answers' | 'reviewed' | 'agreed' | 'openDisputes') =>
    questions.reduce((n, q) => n + q[key], 0);
  const reviewed = sum('reviewed');
  return {
    questionSetId: SET_ID,
    name,
    questions,
    totals: {
      answers: sum('answers'),
      reviewed,
      agreed: sum('agreed'),
      agreementShare: reviewed ? sum('agreed') / reviewed : null,
      openDisputes: sum('openDisputes'),
    },
  };
}

export type Call = { method: string; path: string; query: URLSearchParams; body?: unknown };
export type Reply = { status: number; body?: unknown };

/** Answers the page's HTTP calls at the network boundary, keyed "METHOD /path" without /api; others 404. */
export function stubQaApi(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  tokenStorage.set('admin', { accessToken: 'admin-token' });
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

/** Renders `ui` at `path` with toasts inside the app's providers. */
export function renderQa(path: string, pattern: string, ui: ReactNode) {
  return renderRoutes(path, {
    [pattern]: (
      <>
        <Notifications />
        {ui}
      </>
    ),
    '*': LANDED,
  });
}
