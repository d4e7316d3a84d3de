/**
 * Texts of the coaching reports pages that the spec does not give (its own are `sessionTexts.reports`
 * in @agaton/contracts); kept apart so they are easy to review or replace.
 */
export const REPORT_INVENTED_TEXTS = {
  emptyHint:
    'Coaching reports sum up your recorded sessions. Record a meeting and your first report appears once it has been analysed.',
  recordMeeting: 'Record Meeting',
  averageLength: (duration: string) => `Average session length ${duration}`,
  sessionLength: (duration: string) => `Session length ${duration}`,
  sessionsAnalysed: (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'} analysed`,
  weekOf: (day: string) => `Week of ${day}`,
  periodKind: 'Weekly report',
  sessionKind: 'Session report',
  openSession: 'Open the session feedback',
  backToReports: 'Back to coaching reports',
  retry: 'Retry',
  noBlocks: 'This report has no summary yet.',
} as const;
