import { useParams } from 'react-router';
import { SubscribeRedirect } from '../../../features/billing/components/subscribe-redirect';

/** /coach/plans/:plan (subscribe page) */
export default function CoachPlanRoute() {
  return <SubscribeRedirect planId={useParams().plan} />;
}
