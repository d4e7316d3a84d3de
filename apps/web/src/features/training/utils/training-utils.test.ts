import type { Candidate, InsightFigures } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { dayChartData, figureCards, formatFigure } from './insight-figures';
import { insightsParamsOf, insightsSearch } from './insights-params';
import { inviteFits, searchTrainees, traineesOf, usersLeft } from './trainees';

const candidate = (name: string, overrides: Partial<Candidate> = {}): Candidate => ({
  identityId: name,
  name,
  email: `${name.toLowerCase()}@example.com`,
  position: null,
  level: null,
  department: null,
  isRecruit: false,
  isTrainee: true,
  recruitInfo: { challengesMeta: [] },
  traineeInfo: { traineeStatus: 'Training' },
  aiCoachInfo: { astridIdentityId: null, teams: [] },
  createdAt: '2026-11-30T10:00:00.000Z',
  ...overrides,
});

describe('trainees of the Admin tab', () => {
  const list = [
    candidate('Ann', { aiCoachInfo: { astridIdentityId: null, teams: [{ id: 't', name: 'Sales' }] } }),
    candidate('Rex', { isTrainee: false, traineeInfo: { traineeStatus: 'NotInvited' } }),
    candidate('Ida', { isTrainee: false, traineeInfo: { traineeStatus: 'InviteRejected' } }),
  ];

  it('lists candidates added as trainees or invited, and searches name, e-mail and team', () => {
    expect(traineesOf(list).map((c) => c.name)).toEqual(['Ann', 'Ida']);
    expect(searchTrainees(list, ' sales ').map((c) => c.name)).toEqual(['Ann']);
    expect(searchTrainees(list, 'IDA@').map((c) => c.name)).toEqual(['Ida']);
    expect(searchTrainees(list, '')).toHaveLength(3);
  });

  it('counts the users left (never below 0) and whether an invitation fits', () => {
    expect(usersLeft({ haveAccess: true, status: 'trial-active', maxUserCount: 3 }, 2)).toBe(1);
    expect(usersLeft({ haveAccess: true, status: 'trial-active', maxUserCount: 3 }, 5)).toBe(0);
    expect(usersLeft({ haveAccess: true, status: 'subscription-active' }, 5)).toBeNull();
    // Rex would become a new user; Ann already is one.
    expect(inviteFits(list, new Set(['Ann']), 0)).toBe(true);
    expect(inviteFits(list, new Set(['Ann', 'Rex']), 0)).toBe(false);
    expect(inviteFits(list, new Set(['Rex']), 1)).toBe(true);
    expect(inviteFits(list, new Set(['Rex']), null)).toBe(true);
  });
});

const figures = (overrides: Partial<InsightFigures> = {}): InsightFigures => ({
  attempts: 3,
  overallScore: 71.25,
  studyMinutes: 12.5,
  pronunciation: 80,
  contentScore: null,
  fluency: { score: 66, wordsPerMinute: 118 },
  pausingShare: 33.3,
  hesitationShare: 0,
  silenceShare: 0,
  lessonsCompleted: 2,
  wordsSaid: 1200,
  challengingWords: [],
  challengingPhonemes: [],
  popularTopics: [],
  ...overrides,
});

describe('insight figures', () => {
  it('makes the cards in the spec order with units and hints', () => {
    const cards = figureCards(figures());
    expect(cards.map((c) => c.label)).toEqual([
      'Overall score',
      'Study time',
      'Pronunciation',
      'Content score',
      'Fluency',
      'Pausing',
      'Hesitation',
      'Silence',
      'Lessons completed',
      'Words said',
    ]);
    expect(cards.find((c) => c.key === 'fluency')?.hint).toBe('118 words per minute');
    expect(formatFigure(cards[0].value)).toBe('71.3');
    expect(formatFigure(null)).toBe('–');
    expect(formatFigure(1200)).toBe('1,200');
    expect(formatFigure(33.3, '%')).toBe('33.3%');
  });

  it('charts a metric Mon–Sun, leaving days without practice empty rather than zero', () => {
    const days = (['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const).map((day, i) => ({
      day,
      figures:
        i === 1
          ? figures({ overallScore: 90 })
          : figures({ attempts: 0, overallScore: null, studyMinutes: 0 }),
    }));
    expect(dayChartData(days, 'overall-score').map((d) => d.value)).toEqual([
      null,
      90,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(dayChartData(days, 'study-time')[1]).toEqual({ day: 'Tue', value: 12.5, attempts: 3 });
  });
});

describe('insights settings in the address', () => {
  it('defaults to this week and all teams, and ignores an unknown period', () => {
    expect(insightsParamsOf(new URLSearchParams(''))).toEqual({ period: 'current-week', teamId: null });
    expect(insightsParamsOf(new URLSearchParams('period=yesterday&team='))).toEqual({
      period: 'current-week',
      teamId: null,
    });
    expect(insightsParamsOf(new URLSearchParams('period=last-week&team=t1'))).toEqual({
      period: 'last-week',
      teamId: 't1',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(insightsSearch({ period: 'current-week' })).toBe('');
    expect(insightsSearch({ period: 'all-time', teamId: 't1' }, { tab: 'insights' })).toBe(
      '?tab=insights&period=all-time&team=t1',
    );
  });
});
