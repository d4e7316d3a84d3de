import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

/** /forgot-password */
export default function AdminForgotPasswordRoute() {
  return (
    <AuthLayout title="Forgot password">
      <ForgotPasswordForm audience="admin" />
    </AuthLayout>
  );
}
