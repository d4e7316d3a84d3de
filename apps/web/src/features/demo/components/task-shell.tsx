import { Alert, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SendAgain } from '../../../components/ui/send-again';
import type { DemoLevel } from '../tasks';
import { DEMO_INVENTED_TEXTS } from '../texts';

const LEVEL_LABEL: Record<DemoLevel, string> = {
  LOW: 'Beginner',
  MEDIUM: 'Intermediate',
  ADVANCED: 'Advanced',
};
const LEVEL_COLOR: Record<DemoLevel, string> = { LOW: 'teal', MEDIUM: 'brand', ADVANCED: 'grape' };

/** Header of a task card: what kind of task, its level and the position in the set. */
export function TaskHeader(props: { kind: string; level: DemoLevel; position: string; best?: number }) {
  const { kind, level, position, best } = props;
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <Text size="sm" fw={700} c="brand.7" tt="uppercase">
          {kind}
        </Text>
        <Badge variant="light" color={LEVEL_COLOR[level]} radius="sm">
          {LEVEL_LABEL[level]}
        </Badge>
      </Group>
      <Group gap="sm">
        {best !== undefined && (
          <Badge variant="outline" color="gray" radius="sm" data-testid="best-score">
            Best {best}
          </Badge>
        )}
        <Text size="sm" c="dimmed" data-testid="task-position">
          {position}
        </Text>
      </Group>
    </Group>
  );
}

/** Messages and the loader shared by both task kinds. */
export function TaskStatusArea(props: {
  uploading: boolean;
  /** Seconds until a busy server is asked again; null while the recording is being analysed. */
  retryInSeconds?: number | null;
  info: string | null;
  error: string | null;
  recorderError: string | null;
  /** The failed take's recording is kept: 'Try again' sends it again (the record button records anew). */
  onRetry?: () => void;
}) {
  return (
    <Stack gap="sm" align="center">
      {props.uploading && (
        <Group gap="sm" data-testid="scoring-loader">
          <Loader size="sm" type="dots" />
          {props.retryInSeconds ? (
            <Text c="dimmed" aria-live="polite" data-testid="scoring-busy">
              {DEMO_INVENTED_TEXTS.busyRetrying(props.retryInSeconds)}
            </Text>
          ) : (
            <Text c="dimmed">Analysing your voice…</Text>
          )}
        </Group>
      )}
      {props.recorderError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" maw={560}>
          {props.recorderError}
        </Alert>
      )}
      {props.info && (
        <Alert color="blue" icon={<IconInfoCircle />} role="status" maw={560}>
          {props.info}
        </Alert>
      )}
      {props.error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" maw={560}>
          {props.error}
        </Alert>
      )}
      {props.error && props.onRetry && <SendAgain onSendAgain={props.onRetry} testId="scoring-retry" />}
    </Stack>
  );
}

export function TaskCard({ children }: { children: ReactNode }) {
  return (
    <Card radius="lg" padding="xl" shadow="md" withBorder>
      <Stack gap="lg">{children}</Stack>
    </Card>
  );
}
