import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { useAdmin } from '../../../lib/session';

/** / — a signed-in admin goes to the dashboard, others to sign-in; a loader while the admin loads. */
export default function HomeRoute() {
  const { data: admin, hasToken, isError } = useAdmin();
  if (!hasToken || isError) return <Navigate to={paths.auth.href()} replace />;
  if (!admin) return <PageLoader />;
  return <Navigate to={paths.dashboard.href()} replace />;
}
