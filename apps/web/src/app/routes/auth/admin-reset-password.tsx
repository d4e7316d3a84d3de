import { useParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

/** /reset-password/:token — with the strength level and error list. */
export default function AdminResetPasswordRoute() {
  const { token } = useParams();
  return (
    <AuthLayout title="Reset password">
      <ResetPasswordForm audience="admin" token={token} />
    </AuthLayout>
  );
}
