import { useParams } from 'react-router';
import { SessionFeedback } from '../../../features/coach-sessions/components/session-feedback';

/** /coach/sessions/:meetingId: session feedback. */
export default function CoachSessionRoute() {
  const { meetingId = '' } = useParams();
  // A new id is a new page: no tab, playback or scroll state carries over.
  return <SessionFeedback key={meetingId} meetingId={meetingId} />;
}
