import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/ask-agaton (AI chat) */
export default function CoachAskAgatonRoute() {
  return <PlaceholderPage title="Ask Agaton" emptyText="No conversations yet." />;
}
