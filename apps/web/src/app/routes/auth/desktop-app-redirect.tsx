import { AuthLayout } from '../../../components/layouts/auth-layout';
import { DesktopAppRedirect } from '../../../features/auth/components/desktop-app-redirect';

/** /coach/desktop-app-redirect */
export default function DesktopAppRedirectRoute() {
  return (
    <AuthLayout title="Redirecting">
      <DesktopAppRedirect />
    </AuthLayout>
  );
}
