import type { Plan, ProductAccess, ProductAccessEntry } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { coachHome, coachNavItems, dashboardHome, dashboardNavItems, trialBanner } from './navigation';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('coach menu', () => {
  it('shows chat only with DEVELOPMENT or ASSISTANT_CHAT and Record Meeting only with WEB_APP_RECORDING', () => {
    expect(labels(coachNavItems([]))).toEqual(['Sessions', 'Coaching']);
    expect(labels(coachNavItems(['ASSISTANT_CHAT']))).toEqual(['Ask Agaton', 'Sessions', 'Coaching']);
    expect(labels(coachNavItems(['DEVELOPMENT', 'WEB_APP_RECORDING']))).toEqual([
      'Ask Agaton',
      'Sessions',
      'Coaching',
      'Record Meeting',
    ]);
  });

  it('shows Practice only to trainees (the PRACTICE feature of an accepted training invitation)', () => {
    expect(labels(coachNavItems(['WEB_APP_RECORDING']))).not.toContain('Practice');
    const items = coachNavItems(['WEB_APP_RECORDING', 'PRACTICE']);
    expect(labels(items)).toEqual(['Sessions', 'Coaching', 'Record Meeting', 'Practice']);
    expect(items.at(-1)?.to).toBe('/coach/practice');
  });

  it('sends /coach to Sessions, or to coaching reports when sessions are off', () => {
    expect(coachHome()).toBe('/coach/sessions');
    expect(coachHome({ sessions: false, coachingReports: true })).toBe('/coach/coaching-reports');
    expect(labels(coachNavItems([], { sessions: false, coachingReports: true }))).toEqual(['Coaching']);
  });
});

describe('trial banner', () => {
  const plan = (status: Plan['subscription']['status'], trialStart: string | null, minutes = 100): Plan => ({
    subscription: { status, trialStart },
    features: { recording: { availableRecordingMinutes: minutes } },
  });

  it('shows the free minutes left while trialing and the ended state after a cancelled trial', () => {
    expect(trialBanner(plan('TRIALING', '2026-01-01', 42.7))).toEqual({ kind: 'trialing', minutesLeft: 42 });
    expect(trialBanner(plan('CANCELED', '2026-01-01'))).toEqual({ kind: 'ended' });
    expect(trialBanner(plan('CANCELED', null))).toBeNull();
    expect(trialBanner(plan('ACTIVE', '2026-01-01'))).toBeNull();
  });

  it('says when a cancelled subscription ends, and that a paid plan has ended', () => {
    const paid = plan('ACTIVE', '2026-01-01');
    const ending = {
      ...paid,
      subscription: {
        ...paid.subscription,
        planId: 'record-meeting',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2026-02-08T10:00:00.000Z',
      },
    };
    expect(trialBanner(ending)).toEqual({ kind: 'ending', endsAt: '2026-02-08T10:00:00.000Z' });
    const over = {
      ...ending,
      subscription: { ...ending.subscription, status: 'CANCELED' as const, cancelAtPeriodEnd: false },
    };
    expect(trialBanner(over)).toEqual({ kind: 'subscription-ended' });
  });
});

describe('dashboard routing', () => {
  const entry = (haveAccess: boolean, status: ProductAccessEntry['status'] = 'trial-available') => ({
    haveAccess,
    status,
  });
  const access = (over: Partial<ProductAccess>): ProductAccess => ({
    aiCoach: entry(false),
    recruitment: entry(false),
    onboarding: entry(false),
    training: entry(false),
    ...over,
  });

  it('opens the first accessible product in the order aiCoach, recruitment, onboarding, training', () => {
    expect(dashboardHome(access({ aiCoach: entry(true), recruitment: entry(true) }))).toBe(
      '/dashboard/assistant',
    );
    expect(dashboardHome(access({ recruitment: entry(false, 'trial-active'), training: entry(true) }))).toBe(
      '/dashboard/test',
    );
    expect(dashboardHome(access({ onboarding: entry(true), training: entry(true) }))).toBe(
      '/dashboard/onboarding',
    );
    expect(dashboardHome(access({ training: entry(false, 'subscription-active') }))).toBe(
      '/dashboard/training',
    );
    expect(dashboardHome(access({ training: entry(false, 'subscription-ended') }))).toBe(
      '/dashboard/assistant',
    );
  });

  it('lists English Test and English Learning App only with access', () => {
    expect(labels(dashboardNavItems(access({})))).toEqual(['Agaton assistant', 'My Account']);
    expect(labels(dashboardNavItems(access({ recruitment: entry(true), training: entry(true) })))).toEqual([
      'Agaton assistant',
      'English Test',
      'English Learning App',
      'My Account',
    ]);
  });
});
