import { ProductGate } from '../../../features/plans/components/product-gate';
import { useCandidates, useTestContent } from '../../../features/recruitment/api/recruitment-api';
import { AddUserModal } from '../../../features/recruitment/components/add-user-modal';
import { TrainingPage } from '../../../features/training/components/training-page';
import { useDashboardAdmin } from './layout';

/**
 * /dashboard/training — the English Learning App (or its trial offer). Trainees are the English
 * Test's candidates, so the list and the Add user form (in its training mode) come from there.
 */
export default function DashboardTrainingRoute() {
  const admin = useDashboardAdmin();
  return (
    <ProductGate admin={admin} product="training" counts="users">
      <Training />
    </ProductGate>
  );
}

function Training() {
  const admin = useDashboardAdmin();
  const candidates = useCandidates();
  const content = useTestContent();
  const positions = content.data?.positions.map((p) => p.position) ?? admin.availablePositions;
  return (
    <TrainingPage
      admin={admin}
      candidates={candidates}
      renderAddUser={(props) => (
        <AddUserModal mode="training" admin={admin} positions={positions} {...props} />
      )}
    />
  );
}
