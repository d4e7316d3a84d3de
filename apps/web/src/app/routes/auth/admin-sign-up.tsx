import { AuthLayout } from '../../../components/layouts/auth-layout';
import { AdminSignup } from '../../../features/auth/components/admin-signup';
import { BrandPanel } from '../../../features/auth/components/brand-panel';
import { adminMarketing } from '../../../features/auth/texts';

/** /signup — two-step admin sign-up beside the marketing panel. */
export default function AdminSignUpRoute() {
  return (
    <AuthLayout title="Sign up" aside={<BrandPanel {...adminMarketing} />}>
      <AdminSignup />
    </AuthLayout>
  );
}
