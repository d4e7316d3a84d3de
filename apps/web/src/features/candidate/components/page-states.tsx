import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { CANDIDATE_TEXTS } from '../texts';

/** Waiting for the test to load. */
export function CandidateLoading() {
  return (
    <Center mih={240} role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

/** The test could not be loaded (not a sign-in problem: those return to the sign-in form). */
export function CandidateLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Center mih={240}>
      <Stack align="center" gap="md">
        <Text role="alert" ta="center">
          {CANDIDATE_TEXTS.loadFailed}
        </Text>
        <Button onClick={onRetry} loading={retrying}>
          {CANDIDATE_TEXTS.retry}
        </Button>
      </Stack>
    </Center>
  );
}
