import { PageHeader } from '../../../components/ui/page-header';
import { HelpPage } from '../../../features/account/components/help-page';
import { useDashboardAdmin } from './layout';

/** /dashboard/help */
export default function DashboardHelpRoute() {
  return (
    <>
      <PageHeader title="Help" />
      <HelpPage admin={useDashboardAdmin()} />
    </>
  );
}
