import { type CoachFeature, hasProductAccess, type Plan, type ProductAccess } from '@agaton/contracts';
import { paths } from '../config/paths';
import { coachAreas } from './coach-home';

export { coachAreas, coachHome } from './coach-home';

export type CoachNavKey = 'chat' | 'sessions' | 'coaching' | 'record' | 'practice';
export type NavItem<K extends string> = { key: K; label: string; to: string };

/** Coach sidebar items the user's features allow, in menu order (spec 1 sections 2 and 6). */
export function coachNavItems(
  features: readonly CoachFeature[],
  areas: { sessions: boolean; coachingReports: boolean } = coachAreas,
): NavItem<CoachNavKey>[] {
  const items: NavItem<CoachNavKey>[] = [];
  if (features.includes('DEVELOPMENT') || features.includes('ASSISTANT_CHAT')) {
    items.push({ key: 'chat', label: 'Ask Agaton', to: paths.coachAskAgaton.href() });
  }
  if (areas.sessions) items.push({ key: 'sessions', label: 'Sessions', to: paths.coachSessions.href() });
  if (areas.coachingReports) {
    items.push({ key: 'coaching', label: 'Coaching', to: paths.coachCoachingReports.href() });
  }
  if (features.includes('WEB_APP_RECORDING')) {
    items.push({ key: 'record', label: 'Record Meeting', to: paths.coachAssistant.href() });
  }
  // Trainees of an organisation's English Learning App (decision 018).
  if (features.includes('PRACTICE')) {
    items.push({ key: 'practice', label: 'Practice', to: paths.coachPractice.href() });
  }
  return items;
}

export type TrialBanner =
  | { kind: 'trialing'; minutesLeft: number }
  | { kind: 'ended' }
  | { kind: 'subscription-ended' }
  | { kind: 'ending'; endsAt: string }
  | null;

/**
 * Trial banner state (spec 1 §4): TRIALING shows the minutes left; a started trial now CANCELED has
 * ended (a paid plan that ended says so instead); an ACTIVE plan set to cancel says when it ends.
 */
export function trialBanner(plan: Plan | undefined): TrialBanner {
  if (!plan) return null;
  const { status, trialStart, planId, cancelAtPeriodEnd, currentPeriodEnd } = plan.subscription;
  if (status === 'TRIALING') {
    return {
      kind: 'trialing',
      minutesLeft: Math.max(0, Math.floor(plan.features.recording.availableRecordingMinutes)),
    };
  }
  if (status === 'CANCELED' && planId) return { kind: 'subscription-ended' };
  if (status === 'CANCELED' && trialStart) return { kind: 'ended' };
  if (status === 'ACTIVE' && cancelAtPeriodEnd && currentPeriodEnd)
    return { kind: 'ending', endsAt: currentPeriodEnd };
  return null;
}

/** /dashboard goes to the first accessible product: aiCoach, recruitment, onboarding, training, else assistant. */
export function dashboardHome(access: ProductAccess | undefined): string {
  if (!access) return paths.dashboardAssistant.href();
  if (hasProductAccess(access.aiCoach)) return paths.dashboardAssistant.href();
  if (hasProductAccess(access.recruitment)) return paths.dashboardTest.href();
  if (hasProductAccess(access.onboarding)) return paths.dashboardOnboarding.href();
  if (hasProductAccess(access.training)) return paths.dashboardTraining.href();
  return paths.dashboardAssistant.href();
}

export type DashboardNavKey = 'assistant' | 'test' | 'training' | 'settings';

/** Dashboard sidebar (spec 2 section 2): English Test and the learning app only with access. */
export function dashboardNavItems(access: ProductAccess | undefined): NavItem<DashboardNavKey>[] {
  const items: NavItem<DashboardNavKey>[] = [
    { key: 'assistant', label: 'Agaton assistant', to: paths.dashboardAssistant.href() },
  ];
  if (access && hasProductAccess(access.recruitment)) {
    items.push({ key: 'test', label: 'English Test', to: paths.dashboardTest.href() });
  }
  if (access && hasProductAccess(access.training)) {
    items.push({ key: 'training', label: 'English Learning App', to: paths.dashboardTraining.href() });
  }
  items.push({ key: 'settings', label: 'My Account', to: paths.dashboardSettings.href() });
  return items;
}
