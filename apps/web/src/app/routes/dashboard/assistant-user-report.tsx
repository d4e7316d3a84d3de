import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/assistant/user/:userId/report/:reportId? */
export default function DashboardAssistantUserReportRoute() {
  return <PlaceholderPage title="Coaching report" emptyText="No reports to show yet." />;
}
