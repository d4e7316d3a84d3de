import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { LoginForm } from '../../../features/auth/components/login-form';
import { coachDestination } from '../../../features/auth/utils/redirects';
import { useHasToken } from '../../../lib/session';

/** /coach/auth — a coach who is already signed in goes straight on. */
export default function CoachSignInRoute() {
  const [search] = useSearchParams();
  const signedIn = useHasToken('user');
  const destination = coachDestination(search);
  if (signedIn && destination.kind === 'path') return <Navigate to={destination.to} replace />;
  return (
    <AuthLayout title="Log in">
      <LoginForm audience="coach" />
    </AuthLayout>
  );
}
