import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/test */
export default function DashboardTestRoute() {
  return <PlaceholderPage title="English Test" emptyText="No candidates to show yet." />;
}
