import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/training-invite/:token */
export default function CoachTrainingInviteRoute() {
  return <PlaceholderPage title="English Learning App" emptyText="Opening your invitation…" />;
}
