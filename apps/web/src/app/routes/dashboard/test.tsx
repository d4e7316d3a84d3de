import { ProductGate } from '../../../features/plans/components/product-gate';
import { EnglishTestPage } from '../../../features/recruitment/components/english-test-page';
import { useDashboardAdmin } from './layout';

/** /dashboard/test — the English Test (or its trial offer): candidates, sending tests, the test content. */
export default function DashboardTestRoute() {
  const admin = useDashboardAdmin();
  return (
    <ProductGate admin={admin} product="recruitment" counts="tests">
      <EnglishTestPage admin={admin} />
    </ProductGate>
  );
}
