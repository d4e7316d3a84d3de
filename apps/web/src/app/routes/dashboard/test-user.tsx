import { useParams } from 'react-router';
import { CandidatePage } from '../../../features/recruitment/components/candidate-page';

/** /dashboard/test/user/:userId — one candidate and their tests. */
export default function DashboardTestUserRoute() {
  return <CandidatePage userId={useParams().userId} />;
}
