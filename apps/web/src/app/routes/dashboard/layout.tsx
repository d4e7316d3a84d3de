import { type Admin, hasProductAccess, messages, PRODUCTS } from '@agaton/contracts';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useOutletContext } from 'react-router';
import { DashboardShell } from '../../../components/layouts/dashboard-shell';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { ApiError, tokenStorage } from '../../../lib/api-client';
import { dashboardHome } from '../../../lib/navigation';
import { useAdmin, useLogout } from '../../../lib/session';
import { lazyPage } from '../../lazy-page';

const TrialOffer = lazyPage(() => import('../../../features/plans/components/trial-offer'), 'TrialOffer');

/** The signed-in admin, for pages inside the dashboard shell. */
export const useDashboardAdmin = () => useOutletContext<Admin>();

/** Guard for admin pages: a signed-out admin is sent to sign-up (spec 2 section 2). */
export function RequireAdmin({ bare = false }: { bare?: boolean }) {
  const { data: admin, error, hasToken, refetch, isFetching } = useAdmin();
  const logout = useLogout();
  // Set together with clearing the tokens, so the guard sends a deliberate logout to sign-in
  // rather than treating it as an expired session.
  const [loggedOut, setLoggedOut] = useState(false);
  const unauthorised = error instanceof ApiError && (error.status === 401 || error.status === 403);

  useEffect(() => {
    if (unauthorised) tokenStorage.clear('admin');
  }, [unauthorised]);

  if (loggedOut) return <Navigate to={paths.auth.href()} replace />;
  if (!hasToken || unauthorised) return <Navigate to={paths.signup.href()} replace />;
  if (error) {
    return <LoadError message={messages.general.loadUser} onRetry={() => refetch()} retrying={isFetching} />;
  }
  if (!admin) return <PageLoader />;
  if (bare) return <Outlet context={admin} />;
  return (
    <DashboardShell
      admin={admin}
      onLogout={() => {
        setLoggedOut(true);
        logout();
      }}
    >
      <Outlet context={admin} />
    </DashboardShell>
  );
}

/**
 * /dashboard opens the first product the organisation can use; a workspace that can use none yet (a
 * new sign-up) gets the trial offer instead of an empty dashboard. It lives with the layout, not in a
 * chunk of its own: a redirect that waited for its own chunk could fire after the admin had already
 * clicked a menu link and take them back (as /coach's did, see the router).
 */
export function DashboardIndexRoute() {
  const admin = useDashboardAdmin();
  // Fixed at mount so the trial-started modal stays up while the new access arrives.
  const [offer] = useState(() => !PRODUCTS.some((p) => hasProductAccess(admin.productAccess[p])));
  if (offer) return <TrialOffer admin={admin} />;
  return <Navigate to={dashboardHome(admin.productAccess)} replace />;
}

export default function DashboardLayoutRoute() {
  return <RequireAdmin />;
}
