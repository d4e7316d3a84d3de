import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../lib/api-client';
import { CANDIDATE_TEXTS } from '../texts';
import { TestComplete } from './test-complete';

/** Waiting for the test to load. */
export function CandidateLoading() {
  return (
    <Center mih={240} role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

/**
 * The test could not be loaded. The server refuses a finished test (409) and an expired code (403)
 * with texts meant for the candidate: a finished test is shown as complete, an expired one says so;
 * anything else can be retried. Sign-in problems (401) never get here: they return to the sign-in form.
 */
export function CandidateLoadError(props: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  onSignOut: () => void;
}) {
  const { error, onRetry, retrying, onSignOut } = props;
  if (error instanceof ApiError && error.status === 409) {
    return <TestComplete test={null} onSignOut={onSignOut} />;
  }
  const closed = error instanceof ApiError && error.status === 403;
  return (
    <Center mih={240}>
      <Stack align="center" gap="md">
        <Text role="alert" ta="center">
          {closed ? error.message : CANDIDATE_TEXTS.loadFailed}
        </Text>
        {closed ? (
          <Button variant="default" onClick={onSignOut}>
            {CANDIDATE_TEXTS.signOut}
          </Button>
        ) : (
          <Button onClick={onRetry} loading={retrying}>
            {CANDIDATE_TEXTS.retry}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
