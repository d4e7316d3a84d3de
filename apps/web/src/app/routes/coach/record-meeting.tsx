import { RecordMeeting } from '../../../features/recording/components/record-meeting';
import { useCoachUser } from './layout';

/** /coach/assistant — Record Meeting. */
export default function CoachRecordMeetingRoute() {
  return <RecordMeeting user={useCoachUser()} />;
}
