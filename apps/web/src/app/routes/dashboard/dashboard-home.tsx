import { hasProductAccess, PRODUCTS } from '@agaton/contracts';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { TrialOffer } from '../../../features/plans/components/trial-offer';
import { dashboardHome } from '../../../lib/navigation';
import { useDashboardAdmin } from './layout';

/**
 * /dashboard opens the first product the organisation can use; a workspace that can use none yet (a
 * new sign-up) gets the trial offer instead of an empty dashboard.
 */
export default function DashboardIndexRoute() {
  const admin = useDashboardAdmin();
  // Fixed at mount so the trial-started modal stays up while the new access arrives.
  const [offer] = useState(() => !PRODUCTS.some((p) => hasProductAccess(admin.productAccess[p])));
  if (offer) return <TrialOffer admin={admin} />;
  return <Navigate to={dashboardHome(admin.productAccess)} replace />;
}
