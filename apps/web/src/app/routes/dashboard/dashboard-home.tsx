import { Navigate } from 'react-router';
import { dashboardHome } from '../../../lib/navigation';
import { useDashboardAdmin } from './layout';

/** /dashboard opens the first product the organisation can use. */
export default function DashboardIndexRoute() {
  const admin = useDashboardAdmin();
  return <Navigate to={dashboardHome(admin.productAccess)} replace />;
}
