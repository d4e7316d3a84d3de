import { useParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { VerifyEmail } from '../../../features/auth/components/verify-email';

/** /verify-email/:token (the link of the verification e-mail; coach and admin accounts) */
export default function VerifyEmailRoute() {
  const { token } = useParams();
  return (
    <AuthLayout title="Verify email">
      <VerifyEmail token={token ?? ''} />
    </AuthLayout>
  );
}
