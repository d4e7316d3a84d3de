import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/training/user/:userId */
export default function DashboardTrainingUserRoute() {
  return <PlaceholderPage title="User insights" emptyText="No insights to show yet." />;
}
