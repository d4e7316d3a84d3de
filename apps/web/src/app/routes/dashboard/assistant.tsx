import { AssistantAdminPage } from '../../../features/org-admin/components/assistant-admin-page';
import { useDashboardAdmin } from './layout';

/** /dashboard/assistant — the Agaton assistant: Admin (users and licences) and User Management tabs. */
export default function DashboardAssistantRoute() {
  return <AssistantAdminPage admin={useDashboardAdmin()} />;
}
