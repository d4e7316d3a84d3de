import { Alert, Anchor, Button, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCloudCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSessionAnalysis } from '../api/recordings-api';
import { RECORDING_TEXTS } from '../texts';
import { FeedbackTooltip } from './feedback-tooltip';

/**
 * Success: the recording is being analysed. Shows the analysis stage and percent (polled), then
 * 'View feedback' when done; Done returns to recording.
 */
export function AnalysisView({ meetingId, onDone }: { meetingId: string; onDone: () => void }) {
  const { data, error } = useSessionAnalysis(meetingId);
  const analysis = data?.analysis;
  const done = analysis?.status === 'done';
  const failed = analysis?.status === 'failed';
  const percent = Math.round(analysis?.percent ?? 0);
  return (
    <Stack align="center" gap="md" py="lg" ta="center" data-testid="upload-success">
      <ThemeIcon size={64} radius="xl" color={done ? 'teal' : 'brand'} variant="light">
        {done ? <IconCircleCheck size={36} /> : <IconCloudCheck size={34} />}
      </ThemeIcon>
      <Title order={2} fz="xl">
        {done ? RECORDING_TEXTS.analysisDone : RECORDING_TEXTS.analysingTitle}
      </Title>
      {!done && !failed && (
        <Text size="sm" c="dimmed" maw={440}>
          {RECORDING_TEXTS.analysingHint}
        </Text>
      )}
      {analysis && !failed && (
        <Stack gap={8} w="100%" maw={420} data-testid="analysis-progress" data-status={analysis.status}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" data-testid="analysis-stage">
              {RECORDING_TEXTS.stages[analysis.stage]}
            </Text>
            <Text size="sm" fw={600} data-testid="analysis-percent">
              {percent}%
            </Text>
          </Group>
          <Progress
            value={done ? 100 : percent}
            color={done ? 'teal' : 'brand'}
            radius="xl"
            size="md"
            striped={!done}
            animated={!done}
            aria-label={`Analysis ${percent}%`}
          />
        </Stack>
      )}
      {failed && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" maw={440} ta="left">
          {analysis.error ?? RECORDING_TEXTS.analysisFailed}
        </Alert>
      )}
      {error && !data && (
        <Text size="sm" c="red.7" role="alert">
          {errorMessage(error)}
        </Text>
      )}
      <Group mt="xs">
        <Button variant="default" onClick={onDone}>
          {RECORDING_TEXTS.done}
        </Button>
        {done && (
          <Button component={Link} to={paths.coachSession.href(meetingId)}>
            {RECORDING_TEXTS.viewFeedback}
          </Button>
        )}
      </Group>
      <FeedbackTooltip>
        <Anchor component={Link} to={paths.coachSessions.href()} size="sm">
          {RECORDING_TEXTS.allSessions}
        </Anchor>
      </FeedbackTooltip>
    </Stack>
  );
}
