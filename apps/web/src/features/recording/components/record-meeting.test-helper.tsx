import 'fake-indexeddb/auto';
import type { AnalysisState, SessionProfile, User } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { installFakeMedia } from '../../../lib/recorder/fake-media.test-helper';
import { recordingStore, resetRecordingStore } from '../utils/recording-store';
import { RecordMeeting, type RecordMeetingProps } from './record-meeting';

export const coach: User = {
  id: 'u1',
  email: 'casey@example.com',
  firstName: 'Casey',
  enabledFeatures: ['WEB_APP_RECORDING'],
  goals: [],
  plan: {
    subscription: { trialStart: '2026-11-01T00:00:00Z', status: 'TRIALING' },
    features: { recording: { availableRecordingMinutes: 80 } },
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function profile(id: string, analysis: Omit<AnalysisState, 'error'>): SessionProfile {
  return {
    id,
    timestampSeconds: 1_700_000_000,
    durationSeconds: 20,
    analysis: { ...analysis, error: null },
    speakingTimePercentage: null,
    wordsSaid: null,
    evaluation: null,
    highlights: [],
    transcript: null,
    blocks: [],
    subProfiles: {},
    words: [],
    recordingUrl: null,
  };
}

/**
 * A scripted API: uploads are recorded and answered by `uploadAnswers` in turn (then 202), the
 * session answers walk through `analyses`, staying on the last.
 */
export function fakeApi() {
  const uploads: FormData[] = [];
  const uploadAnswers: Response[] = [];
  const analyses: Omit<AnalysisState, 'error'>[] = [
    { status: 'running', stage: 'transcribing', percent: 40 },
    { status: 'done', stage: 'done', percent: 100 },
  ];
  const urls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    if (url === '/api/sessions/recordings') {
      uploads.push(init?.body as FormData);
      return uploadAnswers.shift() ?? json(202, { meetingId: 'm1' });
    }
    const session = url.match(/^\/api\/sessions\/([^/?]+)$/);
    if (session) {
      const step = analyses.length > 1 ? analyses.shift() : analyses[0];
      return json(200, profile(session[1], step as AnalysisState));
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { uploads, uploadAnswers, analyses, urls, json };
}

/** A controllable Date.now for recorded times; timers stay real. */
export function installClock(start = Date.parse('2026-11-20T10:00:00.000Z')) {
  const clock = { now: start };
  vi.spyOn(Date, 'now').mockImplementation(() => clock.now);
  return clock;
}

/** Fresh microphone, database, tokens and storage for one test. */
export function setUpRecordingTest() {
  installDomShims();
  vi.stubGlobal('indexedDB', new IDBFactory());
  resetRecordingStore();
  localStorage.clear();
  tokenStorage.set('user', { accessToken: 'access-1', expiresAt: Date.now() + 3_600_000 });
  return installFakeMedia();
}

/** The page at /coach/assistant inside a memory router, with a link away to Sessions. */
export function renderRecordMeeting(props: Partial<RecordMeetingProps> = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/coach/assistant',
        element: (
          <>
            <Link to="/coach/sessions">Leave to Sessions</Link>
            <RecordMeeting user={coach} userAgent="jsdom" readDuration={async () => 90} {...props} />
          </>
        ),
      },
      { path: '/coach/sessions', element: <p>Sessions page</p> },
      { path: '/coach/sessions/:id', element: <p>Feedback page</p> },
      { path: '/coach/pricing', element: <p>Pricing page</p> },
    ],
    { initialEntries: ['/coach/assistant'] },
  );
  const view = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

/** Everything the store holds for the test user. */
export async function storedRecordings() {
  return (await recordingStore()).list(coach.email);
}
