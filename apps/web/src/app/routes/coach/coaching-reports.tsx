import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/coaching-reports */
export default function CoachCoachingReportsRoute() {
  return <PlaceholderPage title="Coaching reports" emptyText="No reports to show yet." />;
}
