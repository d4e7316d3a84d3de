import { ProductGate } from '../../../features/plans/components/product-gate';
import { AdminInsightsPage } from '../../../features/training/components/admin-insights-page';
import { useDashboardAdmin } from '../dashboard/layout';

/** /admin — the organisation's training insights (as /admin/insights), in the dashboard shell. */
export default function AdminRoute() {
  const admin = useDashboardAdmin();
  return (
    <ProductGate admin={admin} product="training" counts="users">
      <AdminInsightsPage admin={admin} />
    </ProductGate>
  );
}
