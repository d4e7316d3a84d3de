import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/test/user/:userId/:challengeId (and its /print variant) */
export default function DashboardTestReportRoute() {
  return <PlaceholderPage title="Candidate report" emptyText="No report to show yet." />;
}
