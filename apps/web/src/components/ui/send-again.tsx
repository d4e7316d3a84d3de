import { Button, Stack, Text } from '@mantine/core';
import { IconReload } from '@tabler/icons-react';

export const SEND_AGAIN_TEXTS = {
  recordingKept: 'Your recording is kept. Send it again, or record a new answer.',
  tryAgain: 'Try again',
} as const;

/**
 * After a recording could not be sent or scored for a reason a second try may fix: says the
 * recording is kept and offers to send the same one again (the demo's tasks, the candidate's test).
 */
export function SendAgain({ onSendAgain, testId }: { onSendAgain: () => void; testId: string }) {
  return (
    <Stack gap={6} align="center" data-testid={testId}>
      <Text size="sm" c="dimmed" ta="center">
        {SEND_AGAIN_TEXTS.recordingKept}
      </Text>
      <Button variant="light" leftSection={<IconReload size={18} />} onClick={onSendAgain}>
        {SEND_AGAIN_TEXTS.tryAgain}
      </Button>
    </Stack>
  );
}
