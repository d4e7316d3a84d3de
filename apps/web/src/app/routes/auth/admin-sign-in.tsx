import { Navigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useHasToken } from '../../../lib/session';

/** /auth — admin sign-in; an admin who is already signed in goes to the dashboard. */
export default function AdminSignInRoute() {
  if (useHasToken('admin')) return <Navigate to={paths.dashboard.href()} replace />;
  return (
    <AuthLayout title="Log in">
      <LoginForm audience="admin" />
    </AuthLayout>
  );
}
