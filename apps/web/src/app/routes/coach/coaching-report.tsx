import { useParams } from 'react-router';
import { CoachingReportDetails } from '../../../features/coaching-reports/components/coaching-report-details';

/** /coach/coaching-reports/:coachingReportId */
export default function CoachCoachingReportRoute() {
  const { coachingReportId = '' } = useParams();
  return <CoachingReportDetails key={coachingReportId} reportId={coachingReportId} />;
}
