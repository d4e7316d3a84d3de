import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/onboarding */
export default function DashboardOnboardingRoute() {
  return <PlaceholderPage title="Onboarding" emptyText="Nothing to show yet." />;
}
