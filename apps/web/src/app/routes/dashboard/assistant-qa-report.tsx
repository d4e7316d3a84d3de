import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/assistant/qa-report/:reportEntityId */
export default function DashboardQaReportRoute() {
  return <PlaceholderPage title="QA report" emptyText="No QA report to show yet." />;
}
