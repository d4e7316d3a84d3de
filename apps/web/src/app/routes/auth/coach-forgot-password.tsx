import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

/** /coach/auth/forgot-password */
export default function CoachForgotPasswordRoute() {
  return (
    <AuthLayout title="Forgot password">
      <ForgotPasswordForm audience="coach" />
    </AuthLayout>
  );
}
