import '@testing-library/jest-dom/vitest';
import { INSIGHTS_MIN_SESSIONS, type InsightSession, type Insights, messages } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { INSIGHTS_TABS, INSIGHTS_TEXTS } from '../texts';
import { InsightsPage } from './insights-page';

const session = (day: number, score: number): InsightSession => ({
  id: `s${day}`,
  timestampSeconds: new Date(2026, 2, day, 10, 0).getTime() / 1000,
  durationSeconds: 600,
  speakingTimePercentage: 40,
  wordsSaid: 900,
  pronunciation: score,
  fluency: score + 5,
  intelligibility: score - 30,
  clarity: 80,
  wordsPerMinute: 130,
  pausesPerMinute: 4,
  fillersPerMinute: 2,
  hesitationsAndPausesPerSentence: 1.2,
});

const insights = (sessions: InsightSession[]): Insights => ({
  sessions,
  recurringSounds: [
    { label: 'th', ipa: 'θ', sessions: 2, occurrences: 3, averageScore: 58, examples: ['Thursday', 'think'] },
  ],
  recurringWords: [],
  masteredWords: ['release'],
});

function open(reply: { status: number; body?: unknown }) {
  tokenStorage.set('user', { accessToken: 'coach-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(reply.body ?? {}), { status: reply.status })),
  );
  const router = createMemoryRouter([{ path: '*', element: <InsightsPage /> }], {
    initialEntries: ['/coach/insights'],
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('insights page', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it(`shows an empty state with a next step under ${INSIGHTS_MIN_SESSIONS} analysed sessions`, async () => {
    open({ status: 200, body: insights([session(1, 70)]) });
    expect(await screen.findByTestId('insights-empty')).toHaveTextContent(INSIGHTS_TEXTS.empty);
    expect(screen.getByRole('link', { name: INSIGHTS_TEXTS.recordMeeting })).toHaveAttribute(
      'href',
      '/coach/assistant',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows the seven tabs, the latest scores with their change, and each tab from the data', async () => {
    open({ status: 200, body: insights([session(1, 70), session(8, 92)]) });
    expect(await screen.findByTestId('latest-scores')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(Object.values(INSIGHTS_TABS));
    const band = (id: string) => screen.getByTestId(id).closest('[data-band]')?.getAttribute('data-band');
    expect(screen.getByTestId('latest-pronunciation')).toHaveTextContent('92');
    expect(band('latest-pronunciation')).toBe('positive');
    expect(band('latest-intelligibility')).toBe('warning');
    expect(screen.getByTestId('latest-scores')).toHaveTextContent('+22');

    fireEvent.click(screen.getByRole('tab', { name: 'Pronunciation' }));
    expect(await screen.findByTestId('recurring-sounds')).toHaveTextContent('challenging in 2 of 3 sessions');
    expect(screen.getByTestId('recurring-sounds')).toHaveTextContent('Thursday');

    fireEvent.click(screen.getByRole('tab', { name: 'Mastery' }));
    expect(await screen.findByTestId('mastered-words')).toHaveTextContent('release');
    expect(screen.getByTestId('still-to-master')).toHaveTextContent('th /θ/');

    fireEvent.click(screen.getByRole('tab', { name: 'Fluency' }));
    expect(await screen.findByTestId('chart-rate')).toHaveTextContent('130 wpm');
  });

  it('says the data could not load, with a retry', async () => {
    open({ status: 500 });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.general.couldNotLoad);
    expect(screen.getByRole('button', { name: INSIGHTS_TEXTS.retry })).toBeInTheDocument();
  });
});
