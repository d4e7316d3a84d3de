import { InsightsPage } from '../../../features/insights/components/insights-page';

/** /coach/insights */
export default function CoachInsightsRoute() {
  return <InsightsPage />;
}
