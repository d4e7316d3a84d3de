import { useParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

/** /coach/auth/reset-pass/:token */
export default function CoachResetPasswordRoute() {
  const { token } = useParams();
  return (
    <AuthLayout title="Reset password">
      <ResetPasswordForm audience="coach" token={token} />
    </AuthLayout>
  );
}
