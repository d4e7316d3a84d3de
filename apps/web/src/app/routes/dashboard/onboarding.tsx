import { PageHeader } from '../../../components/ui/page-header';
import { OnboardingPage } from '../../../features/account/components/onboarding-page';
import { useDashboardAdmin } from './layout';

/** /dashboard/onboarding — the first-run checklist. */
export default function DashboardOnboardingRoute() {
  return (
    <>
      <PageHeader title="Getting started" />
      <OnboardingPage admin={useDashboardAdmin()} />
    </>
  );
}
