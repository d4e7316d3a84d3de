import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/pricing */
export default function CoachPricingRoute() {
  return <PlaceholderPage title="Pricing" emptyText="No plans to show yet." />;
}
