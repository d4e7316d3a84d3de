import type { Plan } from '@agaton/contracts';

/**
 * Whether the user may record (spec 1 §5–§6): an ACTIVE subscription or a trial, each with minutes
 * left (a paid month's allowance runs out too: docs/decisions/014). A CANCELED plan that was never
 * paid is an ended trial; one that was paid (planId) is a lapsed subscription.
 */
export type RecordingGate = 'allowed' | 'trial-ended' | 'no-minutes' | 'canceled';

export function recordingGate(plan: Plan): RecordingGate {
  const { status, trialStart, planId } = plan.subscription;
  if (status === 'ACTIVE' || status === 'TRIALING') {
    return plan.features.recording.availableRecordingMinutes > 0 ? 'allowed' : 'no-minutes';
  }
  return trialStart && !planId ? 'trial-ended' : 'canceled';
}

/** Mac user agents get the prompt to download the Mac app (iPhones and iPads do not). */
export function isMacUserAgent(userAgent: string): boolean {
  return /Macintosh|Mac OS X/i.test(userAgent) && !/iPhone|iPad|iPod/i.test(userAgent);
}
