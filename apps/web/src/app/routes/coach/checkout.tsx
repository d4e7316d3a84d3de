import { useSearchParams } from 'react-router';
import { LocalCheckout } from '../../../features/billing/components/local-checkout';

/** /coach/checkout?session=… (the embedded billing provider's checkout) */
export default function CoachCheckoutRoute() {
  const [search] = useSearchParams();
  return <LocalCheckout sessionId={search.get('session') ?? ''} />;
}
