import type { Call } from '@agaton/contracts';
import { Anchor, Badge, Button, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/ui/format';
import { paths } from '../../../config/paths';
import { qaKeys, useCallList, useFailedCallAction } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';

type CallState = 'ready' | 'failed' | 'processing';
const stateOf = (call: Call): CallState =>
  call.qcItemId ? 'ready' : call.status === 'failed' ? 'failed' : 'processing';

function StatusBadge({ call }: { call: Call }) {
  const state = stateOf(call);
  if (state === 'ready') {
    return (
      <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
        {L.upload.ready}
      </Badge>
    );
  }
  if (state === 'failed') {
    return (
      <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
        {L.upload.failed}
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Loader size={14} />
      <Text size="sm" c="dimmed">
        {call.status === 'queued' ? L.upload.queued : L.upload.processing}
      </Text>
    </Group>
  );
}

function PendingCall({ call, onDismiss }: { call: Call; onDismiss: () => void }) {
  const action = useFailedCallAction();
  const state = stateOf(call);
  const run = (kind: 'retry' | 'remove') =>
    action.mutate(
      { callId: call.callId, action: kind },
      { onError: () => notifications.show({ color: 'red', message: L.upload.actionFailed }) },
    );
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="pending-call" data-state={state}>
      <Stack gap={2} miw={0}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <StatusBadge call={call} />
          <Text size="sm" fw={600} truncate>
            {call.title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {[
            call.agent.name || call.agent.email,
            formatDateTime(call.occurredAt),
            call.source === 'SESSION' ? L.upload.fromSession : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {state === 'failed' && call.error ? (
          <Text size="sm" c="red.7" data-testid="pending-call-error">
            {call.error}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {state === 'ready' && call.qcItemId ? (
          <>
            <Anchor component={Link} to={paths.dashboardAssistantQaReport.href(call.qcItemId)} size="sm">
              {L.upload.openReport}
            </Anchor>
            <CloseButton aria-label={L.upload.dismiss} size="sm" onClick={onDismiss} />
          </>
        ) : null}
        {state === 'failed' ? (
          <>
            <Button
              size="xs"
              variant="light"
              aria-label={L.upload.retryLabel(call.title)}
              loading={action.isPending && action.variables?.action === 'retry'}
              onClick={() => run('retry')}
            >
              {L.upload.retry}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={L.upload.removeLabel(call.title)}
              loading={action.isPending && action.variables?.action === 'remove'}
              onClick={() => run('remove')}
            >
              {L.upload.remove}
            </Button>
          </>
        ) : null}
      </Group>
    </Group>
  );
}

/**
 * The calls being analysed, from the server: waiting or analysing (asked every 2 s), failed with
 * their reason (Retry, Remove), and analysed in the last hour with a link to their QA report (hidden
 * here once dismissed). A reload, another tab or another manager of the team sees the same list.
 */
export function PendingUploads() {
  const list = useCallList();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const calls = list.data?.calls ?? [];
  // A call that became analysed while the page was open puts its item in the table and the dashboard —
  // also one analysed so fast that the list never saw it analysing (a transcript takes ~1 s).
  const readyBefore = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!list.data) return;
    const ready = new Set(list.data.calls.filter((c) => stateOf(c) === 'ready').map((c) => c.callId));
    const before = readyBefore.current;
    readyBefore.current = ready;
    if (before && [...ready].some((id) => !before.has(id))) {
      void queryClient.invalidateQueries({ queryKey: qaKeys.all, refetchType: 'active' });
    }
  }, [list.data, queryClient]);

  const shown = calls.filter((c) => !(stateOf(c) === 'ready' && dismissed.has(c.callId)));
  if (shown.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="sm" data-testid="pending-calls">
      <Stack gap="sm">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {L.upload.pendingTitle}
        </Text>
        {shown.map((c) => (
          <PendingCall
            key={c.callId}
            call={c}
            onDismiss={() => setDismissed((ids) => new Set([...ids, c.callId]))}
          />
        ))}
      </Stack>
    </Paper>
  );
}
