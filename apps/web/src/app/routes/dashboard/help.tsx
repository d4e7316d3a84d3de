import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/help */
export default function DashboardHelpRoute() {
  return <PlaceholderPage title="Help" emptyText="No help articles yet." />;
}
