import {
  ASSISTANT_TEXTS,
  type CoachingReportsPage,
  type SessionSummary,
  type TeamUser,
} from '@agaton/contracts';
import dayjs from 'dayjs';
import { paths } from '../../../config/paths';
import { ASSISTANT_LABELS as L } from '../texts';

type CoachingReportSummary = CoachingReportsPage['items'][number];

/** 'DD MMM YYYY HH:mm' in the browser's time zone (spec 3 §2.2), from an ISO string or epoch seconds. */
export function historyDate(at: string | number): string {
  const when = typeof at === 'number' ? dayjs.unix(at) : dayjs(at);
  return when.format(ASSISTANT_TEXTS.historyDateFormat);
}

/** The overview row's figures: n/a when the member has no coaching yet (spec 3 §2.3). */
export function feedbackCells(user: TeamUser): { last: string; total: string } {
  const { lastCoachingTimestamp, coachingsCount } = user.aiCoachInfo.coachingMeta;
  return {
    last: lastCoachingTimestamp === null ? ASSISTANT_TEXTS.notAvailable : historyDate(lastCoachingTimestamp),
    total: coachingsCount > 0 ? String(coachingsCount) : ASSISTANT_TEXTS.notAvailable,
  };
}

/** A row leads to the per-user report view for per-period coaching, otherwise to the session view. */
export function memberHref(user: TeamUser): string {
  const id = user.aiCoachInfo.astridIdentityId;
  return user.aiCoachInfo.coachingMeta.coachingType === 'PER_PERIOD'
    ? paths.dashboardAssistantUserReport.href(id)
    : paths.dashboardAssistantUserSession.href(id);
}

/** Weeks are calendar weeks in UTC (the report writer's), so their first day is read in UTC. */
const weekDay = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', timeZone: 'UTC' });

/**
 * History entries of the reports, newest written first (a week's report is rewritten after each of its
 * sessions, so it comes before them), labelled with when each was written and what it covers.
 */
export function reportOptions(reports: readonly CoachingReportSummary[]): { value: string; label: string }[] {
  return [...reports]
    .sort((a, b) => Date.parse(b.meta.createdAt) - Date.parse(a.meta.createdAt))
    .map((report) => {
      const { meta } = report;
      const covers =
        meta.type === 'PER_PERIOD'
          ? L.user.weekOf(weekDay.format(new Date(meta.timePeriodStart)))
          : L.user.sessionOf(dayjs.unix(meta.sessionTimestamp).format('DD MMM HH:mm'));
      return { value: report.coachingReportId, label: `${historyDate(meta.createdAt)} · ${covers}` };
    });
}

/** History entry of a session: when it took place. */
export function sessionOption(session: SessionSummary): { value: string; label: string } {
  return { value: session.id, label: historyDate(session.timestampSeconds) };
}
