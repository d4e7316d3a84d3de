import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/checkout */
export default function CoachCheckoutRoute() {
  return <PlaceholderPage title="Checkout" emptyText="Nothing to check out yet." />;
}
