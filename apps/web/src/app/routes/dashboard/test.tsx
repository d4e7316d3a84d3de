import { EnglishTestPage } from '../../../features/recruitment/components/english-test-page';
import { useDashboardAdmin } from './layout';

/** /dashboard/test — the English Test: candidates, sending tests and the test content. */
export default function DashboardTestRoute() {
  return <EnglishTestPage admin={useDashboardAdmin()} />;
}
