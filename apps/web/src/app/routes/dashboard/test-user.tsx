import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/test/user/:userId */
export default function DashboardTestUserRoute() {
  return <PlaceholderPage title="Candidate" emptyText="No test results to show yet." />;
}
