import type { CoachingReportsPage, TeamUser } from '@agaton/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { feedbackCells, historyDate, memberHref, reportOptions } from './coaching';

const user = (meta: TeamUser['aiCoachInfo']['coachingMeta']): TeamUser => ({
  name: 'Sam Seller',
  email: 'sam@example.com',
  aiCoachInfo: {
    astridIdentityId: 'id-1',
    teams: [],
    coachingStatus: { enabled: true },
    coachingMeta: meta,
    hasCoachAccount: true,
  },
});

describe('coaching overview rows (spec 3 §2.3)', () => {
  it('shows n/a when the member has had no feedback', () => {
    expect(
      feedbackCells(user({ lastCoachingTimestamp: null, coachingsCount: 0, coachingType: null })),
    ).toEqual({ last: 'n/a', total: 'n/a' });
  });

  it('shows the last feedback as DD MMM YYYY HH:mm and the count', () => {
    const at = dayjs('2026-11-24T09:05:00').unix();
    expect(
      feedbackCells(user({ lastCoachingTimestamp: at, coachingsCount: 3, coachingType: 'PER_PERIOD' })),
    ).toEqual({ last: '24 Nov 2026 09:05', total: '3' });
  });

  it('links per-period coaching to the report view and anything else to the session view', () => {
    expect(
      memberHref(user({ lastCoachingTimestamp: 1, coachingsCount: 2, coachingType: 'PER_PERIOD' })),
    ).toBe('/dashboard/assistant/user/id-1/report');
    expect(
      memberHref(user({ lastCoachingTimestamp: 1, coachingsCount: 1, coachingType: 'PER_SESSION' })),
    ).toBe('/dashboard/assistant/user/id-1/session');
    expect(memberHref(user({ lastCoachingTimestamp: null, coachingsCount: 0, coachingType: null }))).toBe(
      '/dashboard/assistant/user/id-1/session',
    );
  });
});

describe('History entries (spec 3 §2.2)', () => {
  it('lists reports newest written first, with what each covers', () => {
    const items: CoachingReportsPage['items'] = [
      {
        coachingReportId: 'session',
        meta: {
          type: 'PER_SESSION',
          createdAt: '2026-11-24T10:00:00.000Z',
          sessionProfileId: 's1',
          sessionTimestamp: dayjs('2026-11-24T09:30:00').unix(),
          sessionDuration: 30,
        },
      },
      {
        coachingReportId: 'week',
        meta: {
          type: 'PER_PERIOD',
          createdAt: '2026-11-24T10:00:01.000Z',
          timePeriodStart: '2026-11-23T00:00:00.000Z',
          timePeriodEnd: '2026-11-30T00:00:00.000Z',
          sessionsAnalyzed: 1,
          averageSessionDuration: 30,
        },
      },
    ];
    const options = reportOptions(items);
    expect(options.map((o) => o.value)).toEqual(['week', 'session']);
    expect(options[0].label).toBe(`${historyDate('2026-11-24T10:00:01.000Z')} · week of 23 Nov`);
    expect(options[1].label).toBe(`${historyDate('2026-11-24T10:00:00.000Z')} · session of 24 Nov 09:30`);
    expect(historyDate('2026-11-24T10:00:00.000Z')).toMatch(/^\d{2} Nov 2026 \d{2}:\d{2}$/);
  });
});
