import { AuthLayout } from '../../../components/layouts/auth-layout';
import { OAuthCallback } from '../../../features/auth/components/oauth-callback';

/** /coach/oauth2-redirect */
export default function OAuthRedirectRoute() {
  return (
    <AuthLayout title="Signing in">
      <OAuthCallback />
    </AuthLayout>
  );
}
