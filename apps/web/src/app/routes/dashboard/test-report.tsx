import { useParams } from 'react-router';
import { ReportPage } from '../../../features/recruitment/components/report/report-page';
import { useDashboardAdmin } from './layout';

/** /dashboard/test/user/:userId/:challengeId — the candidate report with Back and Download report. */
export default function DashboardTestReportRoute() {
  const { userId, challengeId } = useParams();
  return <ReportPage userId={userId} challengeId={challengeId} variant="dashboard" />;
}

/**
 * /dashboard/test/user/:userId/:challengeId/print — the same report as a clean A4 document for the
 * PDF (admin token required, no shell).
 */
export function DashboardTestReportPrintRoute() {
  const { userId, challengeId } = useParams();
  const admin = useDashboardAdmin();
  return (
    <ReportPage
      userId={userId}
      challengeId={challengeId}
      variant="print"
      organisationName={admin.organizationInfo.name}
    />
  );
}
