import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/insights */
export default function CoachInsightsRoute() {
  return (
    <PlaceholderPage
      title="Insights"
      emptyText="No insights to show yet."
      hint="Insights appear once your recorded sessions have been analysed."
    />
  );
}
