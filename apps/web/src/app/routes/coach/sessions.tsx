import { PageHeader } from '../../../components/ui/page-header';
import { SessionsList } from '../../../features/coach-sessions/components/sessions-list';

/** /coach/sessions: the 'History' tab of recorded sessions (their trends: Insights in the menu). */
export default function CoachSessionsRoute() {
  return (
    <>
      <PageHeader title="Sessions" />
      <SessionsList />
    </>
  );
}
