import type { SessionProfile, SessionSummary } from '@agaton/contracts';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';

/** 14 Mar 2026, 10:32 local time. */
export const SESSION_TIME = new Date(2026, 2, 14, 10, 32).getTime() / 1000;

export function summary(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id: 's1',
    timestampSeconds: SESSION_TIME,
    durationSeconds: 754,
    analysis: { status: 'done', stage: 'done', percent: 100, error: null },
    overallScore: null,
    ...overrides,
  };
}

const word = (w: string, score: number) => ({
  word: w,
  score,
  performance: score >= 90 ? ('HIGH' as const) : score > 80 ? ('MEDIUM' as const) : ('LOW' as const),
  explanation: `The ${w} sound was unclear.`,
  phonemes: [
    { phonemeIpa: 'θ', performance: 'LOW' as const },
    { phonemeIpa: 'ɜː', performance: 'HIGH' as const },
  ],
});

/** An analysed session with all three sub-profiles and a timed transcript. */
export function profile(overrides: Partial<SessionProfile> = {}): SessionProfile {
  return {
    id: 's1',
    timestampSeconds: SESSION_TIME,
    durationSeconds: 754,
    analysis: { status: 'done', stage: 'done', percent: 100, error: null },
    speakingTimePercentage: 42.4,
    wordsSaid: 6,
    evaluation: 'A clear, well-paced update.',
    highlights: ['Your pace was steady.', 'Work on the th sound.'],
    transcript: 'On Thursday we shipped the release',
    blocks: [
      { header: 'What went well', content: ['You explained the plan clearly.'] },
      { header: 'Next steps', content: ['Slow down on numbers.', 'Pause between points.'] },
    ],
    subProfiles: {
      pronunciationProfile: {
        overallScore: 72,
        overallExplanation: 'Most words were clear.',
        goodExamples: ['release'],
        badExamples: ['Thursday'],
        challengingWords: [word('Thursday', 55)],
        masteredWords: [word('release', 96)],
        phonemeAnalysis: {
          mostChallengingPhoneme: { phonemeRespelled: 'th', phonemeIpa: 'θ' },
          mostChallengingPhonemeCount: 3,
          mostChallengingDescription: 'Put your tongue between your teeth.',
          mostImpactfulPhoneme: { phonemeRespelled: 'r', phonemeIpa: 'ɹ' },
          mostImpactfulPhonemeDescription: 'Round your lips a little.',
        },
        challengingPhonemes: [{ phonemeRespelled: 'th', phonemeIpa: 'θ', performance: 'LOW' }],
      },
      fluencyProfile: {
        overallScore: 91,
        overallExplanation: 'Smooth delivery.',
        hesitationsAndPausesPerSentence: 1.26,
        speakingRate: {
          wordsPerMinute: 132,
          overallSpeedExplanation: 'An easy pace to follow.',
          comparedToAverage: { verdict: 'average', fastWords: [{ word: 'shipped' }], slowWords: [] },
        },
      },
      intelligibillityProfile: {
        overallScore: 45,
        overallExplanation: 'Some words were hard to make out.',
        causeOfLowScore: {
          wordStats: [{ word: 'Thursday', averageScore: 40 }],
          abbreviationStats: [{ abbreviation: 'KPI' }],
        },
      },
    },
    words: [
      { word: 'On', start: 0.2, end: 0.4, score: 95 },
      { word: 'Thursday', start: 0.5, end: 1.0, score: 55 },
      { word: 'we', start: 1.1, end: 1.2, score: 92 },
      { word: 'shipped', start: 1.3, end: 1.6, score: 88 },
      { word: 'the', start: 1.7, end: 1.8, score: null },
      { word: 'release', start: 1.9, end: 2.5, score: 96 },
    ],
    recordingUrl: '/api/sessions/s1/recording?expires=1&signature=x',
    ...overrides,
  };
}

export type Reply = { status: number; body?: unknown };

/** A scripted API keyed by path (with the query string when given), signed in as a coach. */
export function stubApi(routes: Record<string, Reply | (() => Reply)>) {
  tokenStorage.set('user', { accessToken: 'coach-token' });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
      calls.push(key);
      const route = routes[key] ?? routes[url.pathname.replace(/^\/api/, '')];
      const reply = typeof route === 'function' ? route() : (route ?? { status: 404, body: {} });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
  return calls;
}

/** Renders `ui` at `path` inside Mantine, a fresh query cache and a router. */
export function renderAt(path: string, pattern: string, ui: ReactNode) {
  return renderRoutes(path, { [pattern]: ui, '*': LANDED });
}
