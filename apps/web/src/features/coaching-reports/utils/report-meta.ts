import { type CoachingReportMeta, sessionTexts } from '@agaton/contracts';
import { formatDate, formatDateTime, formatDuration } from '../../../components/ui/format';
import { REPORT_INVENTED_TEXTS as T } from '../texts';

/**
 * What the report covers, as its title: 'Week of 23 Nov 2026' (weeks start on Monday, UTC, so the
 * day is read from the date itself and not shifted by the viewer's time zone) or the session's
 * 'Session on 28 Nov 2026, 12:30' (as in the Sessions list).
 */
export const reportTitle = (meta: CoachingReportMeta) =>
  meta.type === 'PER_PERIOD'
    ? T.weekOf(formatDate(meta.timePeriodStart.slice(0, 10)))
    : sessionTexts.sessions.item(formatDateTime(meta.sessionTimestamp));

/** The length line: the average session length of a period, or the one session's length. */
export const reportLength = (meta: CoachingReportMeta) =>
  meta.type === 'PER_PERIOD'
    ? T.averageLength(formatDuration(meta.averageSessionDuration))
    : T.sessionLength(formatDuration(meta.sessionDuration));

/** The week's session count, and 'Coaching report on <date>' (spec 1 §2): the day it was written. */
export const reportScope = (meta: CoachingReportMeta) => {
  const written = sessionTexts.reports.item(formatDate(meta.createdAt));
  return meta.type === 'PER_PERIOD' ? `${T.sessionsAnalysed(meta.sessionsAnalyzed)} · ${written}` : written;
};
