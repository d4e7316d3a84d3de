import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ProductGate } from '../../../features/plans/components/product-gate';
import { AdminInsightsPage } from '../../../features/training/components/admin-insights-page';
import { UserInsights } from '../../../features/training/components/user-insights';
import { insightsSearch } from '../../../features/training/utils/insights-params';
import { useDashboardAdmin } from '../dashboard/layout';

/** /admin/insights/:userId? — the organisation's training insights, or one trainee's, in the dashboard shell. */
export default function AdminInsightsRoute() {
  const admin = useDashboardAdmin();
  const { userId } = useParams();
  return (
    <ProductGate admin={admin} product="training" counts="users">
      {userId ? (
        <UserInsights
          key={userId}
          admin={admin}
          userId={userId}
          backHref={(period) => `${paths.adminInsights.href()}${insightsSearch({ period })}`}
        />
      ) : (
        <AdminInsightsPage admin={admin} />
      )}
    </ProductGate>
  );
}
