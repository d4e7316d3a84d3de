import {
  type Admin,
  type Candidate,
  type ChallengeDetail,
  type ChallengeMeta,
  type ResultsBlob,
  resultsBlobSchema,
  type TestContent,
  testContentSchema,
} from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';

export const SALES = { id: '5a1e5000-0000-4000-8000-000000000001', name: 'Sales' };
export const SUPPORT = { id: '5a1e5000-0000-4000-8000-000000000002', name: 'Support' };

export function admin(overrides: { testsLeft?: number; role?: Admin['role'] } = {}): Admin {
  const access = { haveAccess: true, status: 'subscription-active' as const };
  return {
    id: 'ad000000-0000-4000-8000-000000000001',
    name: 'Avery Admin',
    email: 'admin@agaton.local',
    organizationInfo: {
      id: '0a000000-0000-4000-8000-000000000001',
      name: 'Agaton Demo Co',
      industry: 'Technology',
      department: 'Sales B2B',
      managedTeams: [SALES, SUPPORT],
    },
    productAccess: {
      aiCoach: access,
      recruitment: { ...access, testsLeftCount: overrides.testsLeft ?? 10 },
      onboarding: access,
      training: { ...access, maxUserCount: 5 },
    },
    availablePositions: ['Sales representative'],
    enabledFeatures: [],
    role: overrides.role ?? 'OWNER',
  };
}

/**
 * A realistic result: a B2 candidate who read well, passed listening up to MEDIUM, ran out of time in
 * reading comprehension's ADVANCED level and answered the free-speech topic of MEDIUM.
 */
export const RESULTS: ResultsBlob = resultsBlobSchema.parse({
  cefrRating: 'B2',
  missingSpeakingTest: false,
  testOverallScore: 74,
  testCompletionScore: 83,
  pronunciation: 86,
  fluency: 78,
  speakingRate: 131.4,
  pausesCount: 4,
  hesistationsCount: 2,
  silencesCount: 1,
  intelligibility: 91,
  confidence: 88,
  challengingSounds: [
    { phoneme: 'θ', score: 61 },
    { phoneme: 'ɹ', score: 84 },
  ],
  challengingWords: [
    { word_normalised: 'thoroughly', score: 58 },
    { word_normalised: 'quarterly', score: 72 },
    { word_normalised: 'negotiate', score: 90 },
  ],
  listeningTest: {
    scoring: { overall: 57, beginner: 100, intermediate: 75, advanced: 0 },
    testMetaInfo: {
      numberOfCompletedLevels: 2,
      numberOfLevels: 3,
      lastFinishLevel: 'ADVANCED',
      finishReason: 'LEVEL_LOW_SCORE',
    },
    cefr: 'A2',
  },
  readingComprehensionTest: {
    scoring: { overall: 58, beginner: 100, intermediate: 75, advanced: null },
    testMetaInfo: {
      numberOfCompletedLevels: 2,
      numberOfLevels: 3,
      lastFinishLevel: 'MEDIUM',
      finishReason: 'TIMES_UP',
    },
    cefr: 'A2',
  },
  readingTest: {
    scoring: { overall: 88, beginner: 93, intermediate: 89, advanced: 82 },
    testMetaInfo: {
      numberOfCompletedLevels: 3,
      numberOfLevels: 3,
      lastFinishLevel: 'ADVANCED',
      finishReason: 'FULL_COMPLETE',
    },
    cefr: 'B2',
  },
  freeSpeechTest: {
    topic: 'Tell us about a project you are proud of. What was your role and what did the team achieve?',
    overallScore: 72,
    transcript: 'last year i led the launch of our new pricing page and the team doubled the trial sign ups',
    // Two words the recogniser was unsure of (issue 26).
    words: 'last year i led the launch of our new pricing page and the team doubled the trial sign ups'
      .split(' ')
      .map((word) => (word === 'pricing' || word === 'doubled' ? { word, uncertain: true } : { word })),
    grammar: 'B2',
    vocabulary: 'B1',
    finishReason: 'FULL_COMPLETE',
  },
  cefrBySkill: { speaking: 'B2', listening: 'A2', reading: 'B1' },
});

export const CANDIDATE_ID = 'ca000000-0000-4000-8000-000000000001';
export const CHALLENGE_ID = 'c0000000-0000-4000-8000-000000000001';
export const SENT = '2026-11-20T09:00:00.000Z';
export const DONE = '2026-11-25T10:30:00.000Z';

export function meta(overrides: Partial<ChallengeMeta> = {}): ChallengeMeta {
  return {
    id: CHALLENGE_ID,
    createTime: SENT,
    completedAt: null,
    code: 'K7QM-3XPT',
    isExpired: false,
    expiresAt: '2026-12-04T09:00:00.000Z',
    resultCefr: null,
    ...overrides,
  };
}

export function candidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    identityId: CANDIDATE_ID,
    name: 'Jane Doe',
    email: 'jane@example.com',
    position: 'Sales representative',
    level: 'Intermediate',
    department: SALES.name,
    isRecruit: true,
    isTrainee: false,
    recruitInfo: { challengesMeta: [] },
    traineeInfo: { traineeStatus: 'NotInvited' },
    aiCoachInfo: { astridIdentityId: null, teams: [SALES] },
    createdAt: SENT,
    ...overrides,
  };
}

/**
 * A completed challenge with RESULTS, as GET /admin/challenges/{id} answers it (override resultsBlob
 * with anything to test parsing).
 */
export function challenge(
  overrides: Partial<Omit<ChallengeDetail, 'resultsBlob'>> & { resultsBlob?: unknown } = {},
) {
  return {
    id: CHALLENGE_ID,
    candidateId: CANDIDATE_ID,
    createTime: SENT,
    completedAt: DONE,
    code: 'K7QM-3XPT',
    isExpired: false,
    expiresAt: '2026-12-04T09:00:00.000Z',
    readingComprehensionCefr: 'A2',
    readingComprehnesionResultScore: 58,
    resultCefr: 'B2',
    readingResultScore: 88,
    candidateName: 'Jane Doe',
    candidateEmail: 'jane@example.com',
    candidateDepartment: SALES.name,
    candidatePosition: 'Sales representative',
    resultsBlob: RESULTS as unknown,
    freeSpeechRecordingUrl: null,
    ...overrides,
  };
}

const level = (prefix: string, asks: number) => ({
  reading: {
    ask: asks,
    sentences: [1, 2, 3].map((n) => ({ id: `${prefix}-r${n}`, text: `Sentence ${n}.` })),
  },
  listening: {
    ask: 1,
    questions: [1, 2].map((n) => ({
      id: `${prefix}-l${n}`,
      text: 'What does the caller want?',
      options: ['A refund', 'A demo'],
      answerIndex: 1,
      audioText: 'Hello, I would like to see a demo of your product.',
    })),
  },
  readingComprehension: {
    ask: 1,
    questions: [
      {
        id: `${prefix}-c1`,
        text: 'When is the meeting?',
        options: ['Monday', 'Friday'],
        answerIndex: 0,
        readingText: 'The meeting moved to Monday.',
      },
    ],
  },
  freeSpeech: { topics: [{ id: `${prefix}-f1`, text: 'Describe your working day.' }] },
});

export const CONTENT: TestContent = testContentSchema.parse({
  timeLimitsSeconds: { Reading: 300, Listening: 420, ReadingComprehension: 600, FreeSpeech: 120 },
  positions: [
    {
      position: 'Sales representative',
      levels: { LOW: level('sl', 2), MEDIUM: level('sm', 2), ADVANCED: level('sa', 1) },
    },
    {
      position: 'Customer support agent',
      levels: { LOW: level('cl', 1), MEDIUM: level('cm', 1), ADVANCED: level('ca', 1) },
    },
  ],
});

/** `file` answers that text as application/pdf instead of a JSON body. */
export type Reply = { status: number; body?: unknown; file?: string };
export type Call = { method: string; path: string; body?: unknown };

/**
 * A scripted API keyed by 'METHOD /path' (the query string is recorded, not matched), signed in as an
 * admin; every call is recorded with its parsed body.
 */
export function stubAdminApi(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  tokenStorage.set('admin', { accessToken: 'admin-token' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
      const call: Call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
      const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: {} });
      if (reply.file !== undefined) {
        return new Response(reply.file, {
          status: reply.status,
          headers: { 'content-type': 'application/pdf' },
        });
      }
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders `ui` at `path` (pattern `pattern`) with toasts; anything else lands on LANDED. */
export function renderPage(path: string, pattern: string, ui: ReactNode) {
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
