import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/learning */
export default function CoachLearningRoute() {
  return <PlaceholderPage title="Learning" emptyText="No articles to show yet." />;
}
