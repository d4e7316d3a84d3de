import { Navigate } from 'react-router';
import { coachHome } from '../../../lib/navigation';

/** /coach redirects to Sessions when enabled, else to the coaching reports list. */
export default function CoachIndexRoute() {
  return <Navigate to={coachHome()} replace />;
}
