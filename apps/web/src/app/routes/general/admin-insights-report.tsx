import { paths } from '../../../config/paths';
import { InsightsReport } from '../../../features/training/components/insights-report';
import { useDashboardAdmin } from '../dashboard/layout';

/** /admin/insights/report — the cohort's printable summary for the period, in the dashboard shell. */
export default function AdminInsightsReportRoute() {
  const admin = useDashboardAdmin();
  return (
    <InsightsReport
      admin={admin}
      backHref={paths.dashboardTraining.href()}
      personHref={(id) => paths.adminInsights.href(id)}
    />
  );
}
