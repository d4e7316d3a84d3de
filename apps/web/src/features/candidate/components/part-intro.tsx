import type { CandidateContent, PartProgress } from '@agaton/contracts';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlarm, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { CANDIDATE_TEXTS, PART_INSTRUCTIONS } from '../texts';
import { formatLimit } from '../utils/test-view';

/** How the part before this one ended: time ran out, or it was completed. */
function PreviousPart({ previous, next }: { previous: PartProgress; next: PartProgress }) {
  if (previous.state !== 'finished') return null;
  if (previous.finishReason === 'TIMES_UP') {
    return (
      <Alert color="orange" variant="light" icon={<IconAlarm />} title={CANDIDATE_TEXTS.timeUp} role="status">
        {CANDIDATE_TEXTS.savedNext(previous.part, next.part)}
      </Alert>
    );
  }
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck />}
      title={CANDIDATE_TEXTS.partComplete(previous.part)}
      role="status"
    >
      {CANDIDATE_TEXTS.breakHint}
    </Alert>
  );
}

/** Before a part: what it asks, how long it takes, and Start (its clock starts then). */
export function PartIntro(props: {
  progress: PartProgress;
  previous: PartProgress | null;
  content: CandidateContent;
  starting: boolean;
  onStart: () => void;
}) {
  const { progress, previous, content, starting, onStart } = props;
  const heading = useFocusOnChange<HTMLHeadingElement>(progress.part);
  const limit = formatLimit(content.timeLimitsSeconds[progress.part]);
  return (
    <Stack gap="lg">
      {previous && <PreviousPart previous={previous} next={progress} />}
      <Title order={2} fz={20} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {`Before you start ${CANDIDATE_TEXTS.partLabel(progress.part)}`}
      </Title>
      <Text fz="lg" lh={1.55}>
        {PART_INSTRUCTIONS[progress.part]}
      </Text>
      <List spacing="xs" c="dark.6">
        <List.Item>{CANDIDATE_TEXTS.partTime(limit)}</List.Item>
        {progress.part !== 'FreeSpeech' && progress.total > 0 && (
          <List.Item>{CANDIDATE_TEXTS.partQuestions(progress.total)}</List.Item>
        )}
      </List>
      <Group justify="flex-end">
        <Button size="md" leftSection={<IconPlayerPlay size={18} />} loading={starting} onClick={onStart}>
          {CANDIDATE_TEXTS.startPart(progress.part)}
        </Button>
      </Group>
    </Stack>
  );
}
