import { Button, Center, Stack, Text } from '@mantine/core';

interface LoadErrorProps {
  /** The spec's text for the failed load. */
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/** Full-page state for data a page cannot render without (the signed-in user or admin). */
export function LoadError({ message, onRetry, retrying }: LoadErrorProps) {
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Text role="alert">{message}</Text>
        <Button onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Center>
  );
}
