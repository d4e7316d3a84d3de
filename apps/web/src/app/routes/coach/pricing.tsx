import { PricingPage } from '../../../features/billing/components/pricing-page';
import { useCoachUser } from './layout';

/** /coach/pricing */
export default function CoachPricingRoute() {
  return <PricingPage user={useCoachUser()} />;
}
