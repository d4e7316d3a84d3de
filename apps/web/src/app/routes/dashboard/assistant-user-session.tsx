import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/assistant/user/:userId/session/:sessionId? */
export default function DashboardAssistantUserSessionRoute() {
  return <PlaceholderPage title="Coaching session" emptyText="No sessions to show yet." />;
}
