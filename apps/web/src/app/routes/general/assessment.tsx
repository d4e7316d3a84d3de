import { AssessmentPage } from '../../../features/candidate/components/assessment-page';

/** /assessment and /assessment/summary (reached only after first load; see the start-up rules). */
export default function AssessmentRoute() {
  return <AssessmentPage />;
}
