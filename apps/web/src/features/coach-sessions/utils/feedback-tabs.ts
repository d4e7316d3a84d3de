import type { SessionProfile } from '@agaton/contracts';

export type FeedbackTab = 'overview' | 'pronunciation' | 'fluency' | 'intelligibility';

/** Overview always; each other tab only when its sub-profile exists (spec 1 section 2). */
export function feedbackTabs(subProfiles: SessionProfile['subProfiles']): FeedbackTab[] {
  const tabs: FeedbackTab[] = ['overview'];
  if (subProfiles.pronunciationProfile) tabs.push('pronunciation');
  if (subProfiles.fluencyProfile) tabs.push('fluency');
  if (subProfiles.intelligibillityProfile) tabs.push('intelligibility');
  return tabs;
}
