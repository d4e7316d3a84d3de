import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { MemberCoachingPage } from '../../../features/assistant/components/member-coaching-page';
import { CoachingReportDetails } from '../../../features/coaching-reports/components/coaching-report-details';

/** /dashboard/assistant/user/:userId/report/:reportId? — a member's coaching reports (spec 3 §2.2). */
export default function DashboardAssistantUserReportRoute() {
  const { userId, reportId } = useParams();
  return (
    <MemberCoachingPage kind="report" identityId={userId} itemId={reportId}>
      {(id, onError) => (
        <CoachingReportDetails
          key={id}
          reportId={id}
          member={{
            forUserId: userId!,
            onError,
            sessionHref: (sessionId) => paths.dashboardAssistantUserSession.href(userId!, sessionId),
          }}
        />
      )}
    </MemberCoachingPage>
  );
}
