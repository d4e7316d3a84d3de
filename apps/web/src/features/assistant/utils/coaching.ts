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

/** History entry of a report: when it was written, and which kind it is (a week and its sessions share a time). */
export function reportOption(report: CoachingReportSummary): { value: string; label: string } {
  const kind = report.meta.type === 'PER_PERIOD' ? L.user.periodKind : L.user.sessionKind;
  return { value: report.coachingReportId, label: `${historyDate(report.meta.createdAt)} · ${kind}` };
}

/** History entry of a session: when it took place. */
export function sessionOption(session: SessionSummary): { value: string; label: string } {
  return { value: session.id, label: historyDate(session.timestampSeconds) };
}
