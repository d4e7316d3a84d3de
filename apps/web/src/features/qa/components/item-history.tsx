import type { AnswerEvent } from '@agaton/contracts';
import { Button, Center, Drawer, Loader, Stack, Text, Timeline } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconMessageCheck,
  IconMessageReport,
  IconPencil,
} from '@tabler/icons-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTime } from '../../../components/ui/format';
import { useQaItemHistory } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';
import { historyLine } from '../utils/review';

const H = L.history;

function eventIcon(event: AnswerEvent) {
  switch (event.kind) {
    case 'OVERRIDE':
      return event.answer === event.automaticAnswer
        ? { icon: <IconCheck size={14} />, color: 'teal' }
        : { icon: <IconPencil size={14} />, color: 'indigo' };
    case 'OVERRIDE_REMOVED':
      return { icon: <IconArrowBackUp size={14} />, color: 'gray' };
    case 'ACKNOWLEDGE':
      return { icon: <IconMessageCheck size={14} />, color: 'teal' };
    case 'DISPUTE':
      return { icon: <IconMessageReport size={14} />, color: 'orange' };
  }
}

function HistoryBody({ qcItemId }: { qcItemId: string }) {
  const history = useQaItemHistory(qcItemId);
  if (history.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader size="sm" />
      </Center>
    );
  }
  if (history.isError) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text role="alert" fw={600}>
          {L.failedToLoad}
        </Text>
        <Button variant="light" size="sm" onClick={() => history.refetch()} loading={history.isFetching}>
          {L.tryAgain}
        </Button>
      </Stack>
    );
  }
  const { events } = history.data;
  if (events.length === 0) return <EmptyState text={H.empty} hint={H.emptyHint} />;
  // Newest first: what changed last is what the reviewer came for.
  const newestFirst = [...events].reverse();
  return (
    <Timeline bulletSize={24} lineWidth={2} active={newestFirst.length - 1}>
      {newestFirst.map((event) => {
        const { icon, color } = eventIcon(event);
        return (
          <Timeline.Item
            key={event.eventId}
            bullet={icon}
            color={color}
            title={
              <Text size="sm" fw={600}>
                {historyLine(event)}
              </Text>
            }
            data-testid="qa-history-event"
            data-kind={event.kind}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(event.at)} · {event.questionText}
            </Text>
            {event.comment ? (
              <Text size="sm" mt={4} fs="italic" style={{ overflowWrap: 'anywhere' }}>
                “{event.comment}”
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** The item's history in a drawer: every override, its removal and the agent's responses, newest first. */
export function ItemHistory(props: { qcItemId: string; opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={
        <Text fw={700} size="lg">
          {H.title}
        </Text>
      }
      position="right"
      size="md"
    >
      {props.opened ? <HistoryBody qcItemId={props.qcItemId} /> : null}
    </Drawer>
  );
}
