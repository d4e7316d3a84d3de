import { useSearchParams } from 'react-router';
import { LocalPortal } from '../../../features/billing/components/local-portal';

/** /coach/subscription?session=… (the embedded billing provider's customer portal) */
export default function CoachSubscriptionRoute() {
  const [search] = useSearchParams();
  return <LocalPortal sessionId={search.get('session') ?? ''} />;
}
