import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/practice */
export default function CoachPracticeRoute() {
  return <PlaceholderPage title="Practice" emptyText="No practice exercises yet." />;
}
