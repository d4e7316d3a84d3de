import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { safeReturnPath } from '../../../features/auth/utils/redirects';

/** /coach/onboarding — goal selection; the goals list arrives with the coaching work. */
export default function CoachOnboardingRoute() {
  const [search] = useSearchParams();
  const next = safeReturnPath(search.get('redirect')) ?? paths.coach.href();
  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={1} fz={28}>
          Select your goals
        </Title>
        <Text c="dimmed">Choose up to three goals for your coach to focus on.</Text>
        <Paper withBorder radius="md">
          <EmptyState text="No goals to choose from yet." />
        </Paper>
        <Anchor component={Link} to={next} ta="center" fw={600}>
          Continue to the app
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
