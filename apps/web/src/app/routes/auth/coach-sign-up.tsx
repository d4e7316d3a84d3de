import { AuthLayout } from '../../../components/layouts/auth-layout';
import { BrandPanel } from '../../../features/auth/components/brand-panel';
import { CoachSignupForm } from '../../../features/auth/components/coach-signup-form';
import { coachWelcome } from '../../../features/auth/texts';

/** /coach/signup — welcome panel and the 'Get started' card. */
export default function CoachSignUpRoute() {
  return (
    <AuthLayout title="Sign up" aside={<BrandPanel {...coachWelcome} />}>
      <CoachSignupForm />
    </AuthLayout>
  );
}
