import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/assistant */
export default function DashboardAssistantRoute() {
  return <PlaceholderPage title="Agaton assistant" emptyText="No coaching data to show yet." />;
}
