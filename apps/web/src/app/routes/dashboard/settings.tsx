import { PageHeader } from '../../../components/ui/page-header';
import { AccountPage } from '../../../features/account/components/account-page';
import { ACCOUNT_LABELS } from '../../../features/account/texts';
import { useDashboardAdmin } from './layout';

/** /dashboard/settings — My Account: the signed-in admin's name, e-mail, password and organisation. */
export default function DashboardSettingsRoute() {
  return (
    <>
      <PageHeader title={ACCOUNT_LABELS.title} />
      <AccountPage admin={useDashboardAdmin()} />
    </>
  );
}
