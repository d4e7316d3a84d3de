import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/training */
export default function DashboardTrainingRoute() {
  return <PlaceholderPage title="English Learning App" emptyText="No trainees to show yet." />;
}
