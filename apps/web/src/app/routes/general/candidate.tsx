import type { ChallengeAuthResponse } from '@agaton/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { EmptyState } from '../../../components/ui/empty-state';
import { CandidateSignIn } from '../../../features/candidate/components/candidate-sign-in';

/** /candidate — the candidate's challenge (start-up rules send /assessment here). */
export default function CandidateRoute() {
  const [session, setSession] = useState<ChallengeAuthResponse | null>(null);
  return (
    <AuthLayout title="English Test">
      {session ? (
        <Stack gap="md">
          <Title order={1} fz={28}>
            {`Welcome, ${session.challenge.candidateName}`}
          </Title>
          <Text c="dimmed">{`${session.organization.name} invited you to take the English Test.`}</Text>
          <Paper withBorder radius="md">
            <EmptyState text="Your test is not available yet." />
          </Paper>
        </Stack>
      ) : (
        <CandidateSignIn onSignedIn={setSession} />
      )}
    </AuthLayout>
  );
}
