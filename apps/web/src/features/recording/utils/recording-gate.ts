import type { Plan } from '@agaton/contracts';

/**
 * Whether the user may record (spec 1 §5–§6): an ACTIVE subscription, or a trial with minutes left.
 * A started trial now CANCELED has ended; a CANCELED plan without a trial is a lapsed subscription.
 */
export type RecordingGate = 'allowed' | 'trial-ended' | 'no-minutes' | 'canceled';

export function recordingGate(plan: Plan): RecordingGate {
  const { status, trialStart } = plan.subscription;
  if (status === 'ACTIVE') return 'allowed';
  if (status === 'TRIALING') {
    return plan.features.recording.availableRecordingMinutes > 0 ? 'allowed' : 'no-minutes';
  }
  return trialStart ? 'trial-ended' : 'canceled';
}

/** Mac user agents get the prompt to download the Mac app (iPhones and iPads do not). */
export function isMacUserAgent(userAgent: string): boolean {
  return /Macintosh|Mac OS X/i.test(userAgent) && !/iPhone|iPad|iPod/i.test(userAgent);
}
