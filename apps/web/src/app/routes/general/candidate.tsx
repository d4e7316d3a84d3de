import { CandidateHome } from '../../../features/candidate/components/candidate-home';

/** /candidate — the candidate's sign-in and welcome (start-up rules send /assessment here). */
export default function CandidateRoute() {
  return <CandidateHome />;
}
