import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { ProductGate } from '../../../features/plans/components/product-gate';
import { useDashboardAdmin } from './layout';

/** /dashboard/training — the English Learning App (or its trial offer). */
export default function DashboardTrainingRoute() {
  const admin = useDashboardAdmin();
  return (
    <ProductGate admin={admin} product="training" counts="users">
      <PlaceholderPage title="English Learning App" emptyText="No trainees to show yet." />
    </ProductGate>
  );
}
