import { INSIGHT_METRICS, TRAINING_RULES, trainingInsightsSchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { mondayOf, periodRange } from './insights-period.ts';
import { attemptFigures, word } from './training-insights.test-helper.ts';
import { buildTrainingInsights, figuresOf, type InsightAttempt } from './training-insights-builder.ts';

const ALL = new Set(INSIGHT_METRICS);
const attempt = (overrides: Partial<InsightAttempt> = {}): InsightAttempt => ({
  candidateId: 'ann',
  ...attemptFigures(overrides),
});

describe('insight periods (UTC, weeks from Monday)', () => {
  it('finds the Monday of any day, Sunday belonging to the week before it', () => {
    expect(mondayOf(new Date('2026-12-02T23:59:59Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(mondayOf(new Date('2026-12-06T23:59:59Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(mondayOf(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('bounds each named period', () => {
    const now = new Date('2026-12-02T15:00:00Z');
    const iso = (r: { from: Date | null; to: Date }) => [r.from?.toISOString() ?? null, r.to.toISOString()];
    expect(iso(periodRange('current-week', now))).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
    ]);
    expect(iso(periodRange('last-week', now))).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
    expect(iso(periodRange('current-month', now))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(iso(periodRange('last-30-days', now))).toEqual([
      '2026-11-02T15:00:00.000Z',
      '2026-12-02T15:00:00.000Z',
    ]);
    expect(iso(periodRange('all-time', now))).toEqual([null, '2026-12-02T15:00:00.000Z']);
  });
});

describe('figures of a set of attempts', () => {
  it('averages scores, sums time and words, and counts distinct exercises as lessons', () => {
    const f = figuresOf(
      [
        attempt({ overallScore: 80, pronunciation: 90, fluency: 70, contentScore: 100, studySeconds: 90 }),
        attempt({ overallScore: 61, pronunciation: 60, fluency: 75, contentScore: null, studySeconds: 30 }),
        attempt({ itemId: 'r-MEDIUM-1', overallScore: 70, pronunciation: 66, fluency: 80, contentScore: 80 }),
      ],
      ALL,
    );
    expect(f.attempts).toBe(3);
    expect(f.overallScore).toBe(70.3);
    expect(f.pronunciation).toBe(72);
    expect(f.contentScore).toBe(90);
    expect(f.fluency?.score).toBe(75);
    expect(f.studyMinutes).toBe(3.5);
    expect(f.lessonsCompleted).toBe(2);
    expect(f.wordsSaid).toBe(36);
  });

  it('averages the speaking rate over attempts with a rate once they hold at least 10 words together', () => {
    const f = figuresOf(
      [
        attempt({ wordsPerMinute: 120, wordsSaid: 6 }),
        attempt({ wordsPerMinute: 140, wordsSaid: 4 }),
        attempt({ wordsPerMinute: null, wordsSaid: 40 }),
      ],
      ALL,
    );
    expect(f.fluency?.wordsPerMinute).toBe(130);
    const few = figuresOf(
      [attempt({ wordsPerMinute: 120, wordsSaid: 9 }), attempt({ wordsPerMinute: null, wordsSaid: 30 })],
      ALL,
    );
    expect(few.fluency).toEqual({ score: 78, wordsPerMinute: null });
  });

  it('gives the share (0–100) of attempts with a pause, a hesitation, a silence', () => {
    const f = figuresOf(
      [
        attempt({ pauses: 2, hesitations: 0, silences: 0 }),
        attempt({ pauses: 0, hesitations: 1, silences: 0 }),
        attempt({ pauses: 1, hesitations: 3, silences: 0 }),
      ],
      ALL,
    );
    expect([f.pausingShare, f.hesitationShare, f.silenceShare]).toEqual([66.7, 66.7, 0]);
  });

  it('ranks challenging words and sounds under 98 by lowest mean score, case and punctuation aside', () => {
    const f = figuresOf(
      [
        attempt({ words: [word('Think,', 50, [['θ', 30]]), word('weather', 97, [['ð', 96]])] }),
        attempt({ words: [word('think', 70, [['θ', 50]]), word('weather', 99, [['ð', 100]])] }),
        attempt({ words: [word('lovely', 60, [['ʌ', 97]]), word('today', 100, [['eɪ', 100]])] }),
      ],
      ALL,
    );
    expect(f.challengingWords).toEqual([
      { label: 'think', score: 60, count: 2 },
      { label: 'lovely', score: 60, count: 1 },
    ]);
    // weather averages 98: not challenging; eɪ never under 98.
    expect(f.challengingPhonemes).toEqual([
      { label: 'θ', score: 40, count: 2 },
      { label: 'ʌ', score: 97, count: 1 },
    ]);
  });

  it('shows at most the top 10 challenging words and the popular topics by attempts', () => {
    const words = Array.from({ length: 14 }, (_, i) => word(`w${i}`, 40 + i));
    const f = figuresOf(
      [
        attempt({ words, topic: 'Sales' }),
        attempt({ topic: 'Sales' }),
        attempt({ topic: 'Travel' }),
        attempt({ topic: 'Banking' }),
      ],
      ALL,
    );
    expect(f.challengingWords).toHaveLength(TRAINING_RULES.challengingShown);
    expect(f.challengingWords?.[0]).toEqual({ label: 'w0', score: 40, count: 1 });
    expect(f.popularTopics).toEqual([
      { topic: 'Sales', attempts: 2 },
      { topic: 'Banking', attempts: 1 },
      { topic: 'Travel', attempts: 1 },
    ]);
  });

  it('leaves averages null without data, sums at zero, and every metric not asked for null', () => {
    const empty = figuresOf([], ALL);
    expect(empty).toMatchObject({ attempts: 0, overallScore: null, fluency: null, pausingShare: null });
    expect(empty).toMatchObject({ studyMinutes: 0, lessonsCompleted: 0, wordsSaid: 0, challengingWords: [] });
    const some = figuresOf([attempt()], new Set(['study-time'] as const));
    expect(some.studyMinutes).toBe(1.5);
    expect(
      Object.entries(some)
        .filter(([, v]) => v !== null)
        .map(([k]) => k),
    ).toEqual(['attempts', 'studyMinutes']);
  });
});

describe('the insights answer', () => {
  const person = (userId: string, name: string) => ({
    userId,
    name,
    email: `${userId}@example.com`,
    traineeStatus: 'Training' as const,
    lastPracticeAt: null,
  });
  const period = {
    name: 'current-week' as const,
    range: periodRange('current-week', new Date('2026-12-02T12:00:00Z')),
  };

  it('buckets attempts by UTC weekday Mon–Sun and groups them per person and for the cohort', () => {
    const result = buildTrainingInsights({
      period,
      people: [person('ann', 'Ann'), person('bob', 'Bob'), person('cy', 'Cy')],
      attempts: [
        attempt({ createdAt: new Date('2026-11-30T00:00:00Z'), overallScore: 60 }),
        attempt({ createdAt: new Date('2026-11-30T23:59:59Z'), overallScore: 80 }),
        { ...attempt({ createdAt: new Date('2026-12-06T22:00:00Z'), overallScore: 90 }), candidateId: 'bob' },
      ],
      grouping: ['person', 'cohort'],
      periods: ['full-period', 'day'],
    });
    expect(trainingInsightsSchema.parse(result)).toEqual(result);
    expect(result.period).toEqual({
      name: 'current-week',
      from: '2026-11-30T00:00:00.000Z',
      to: '2026-12-07T00:00:00.000Z',
    });
    expect(result.cohort?.fullPeriod?.overallScore).toBe(76.7);
    expect(result.cohort?.days?.map((d) => [d.day, d.figures.attempts, d.figures.overallScore])).toEqual([
      ['Mon', 2, 70],
      ['Tue', 0, null],
      ['Wed', 0, null],
      ['Thu', 0, null],
      ['Fri', 0, null],
      ['Sat', 0, null],
      ['Sun', 1, 90],
    ]);
    const byName = Object.fromEntries((result.people ?? []).map((p) => [p.name, p]));
    expect(byName.Ann.fullPeriod?.attempts).toBe(2);
    expect(byName.Bob.days?.[6].figures.overallScore).toBe(90);
    expect(byName.Cy.fullPeriod).toMatchObject({ attempts: 0, overallScore: null });
  });

  it('leaves out the groups and periods not asked for', () => {
    const result = buildTrainingInsights({
      period,
      people: [person('ann', 'Ann')],
      attempts: [attempt()],
      grouping: ['cohort'],
      periods: ['full-period'],
      metrics: ['overall-score'],
    });
    expect(result.people).toBeNull();
    expect(result.cohort?.days).toBeNull();
    expect(result.cohort?.fullPeriod).toMatchObject({ attempts: 1, overallScore: 82, pronunciation: null });
  });
});
