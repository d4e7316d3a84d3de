import { useParams } from 'react-router';
import { MemberCoachingPage } from '../../../features/assistant/components/member-coaching-page';
import { SessionFeedback } from '../../../features/coach-sessions/components/session-feedback';

/** /dashboard/assistant/user/:userId/session/:sessionId? — a member's sessions (spec 3 §2.2). */
export default function DashboardAssistantUserSessionRoute() {
  const { userId, sessionId } = useParams();
  return (
    <MemberCoachingPage kind="session" identityId={userId} itemId={sessionId}>
      {(id, onError) => <SessionFeedback key={id} meetingId={id} member={{ forUserId: userId!, onError }} />}
    </MemberCoachingPage>
  );
}
