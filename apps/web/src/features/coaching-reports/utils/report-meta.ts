import { type CoachingReportMeta, sessionTexts } from '@agaton/contracts';
import { formatDate, formatDateTime, formatDuration } from '../../../components/ui/format';
import { REPORT_INVENTED_TEXTS as T } from '../texts';

/** 'Coaching report on <date>': the day the report was written. */
export const reportTitle = (meta: CoachingReportMeta) =>
  sessionTexts.reports.item(formatDate(meta.createdAt));

/** The length line: the average session length of a period, or the one session's length. */
export const reportLength = (meta: CoachingReportMeta) =>
  meta.type === 'PER_PERIOD'
    ? T.averageLength(formatDuration(meta.averageSessionDuration))
    : T.sessionLength(formatDuration(meta.sessionDuration));

/** What the report covers: the period and its session count, or the session's date. */
export const reportScope = (meta: CoachingReportMeta) =>
  meta.type === 'PER_PERIOD'
    ? `${T.period(formatDate(meta.timePeriodStart), formatDate(meta.timePeriodEnd))} · ${T.sessionsAnalysed(meta.sessionsAnalyzed)}`
    : sessionTexts.sessions.item(formatDateTime(meta.sessionTimestamp));
