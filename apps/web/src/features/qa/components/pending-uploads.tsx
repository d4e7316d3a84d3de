import { Anchor, Badge, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { qaKeys, useCallProgress } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';

function PendingCall({ callId, title, onDismiss }: { callId: string; title: string; onDismiss: () => void }) {
  const progress = useCallProgress(callId);
  const queryClient = useQueryClient();
  const call = progress.data;
  const itemId = call?.qcItemId ?? null;
  const failed = call?.status === 'failed';
  useEffect(() => {
    // The new item belongs in the table and the dashboard now.
    if (itemId) void queryClient.invalidateQueries({ queryKey: qaKeys.all, refetchType: 'active' });
  }, [itemId, queryClient]);
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      data-testid="pending-call"
      data-state={itemId ? 'ready' : failed ? 'failed' : 'processing'}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        {itemId ? (
          <Badge color="green" variant="light">
            {L.upload.ready}
          </Badge>
        ) : failed ? (
          <Badge color="red" variant="light">
            {L.upload.failed}
          </Badge>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Loader size={14} />
            <Text size="sm" c="dimmed">
              {L.upload.processing}
            </Text>
          </Group>
        )}
        <Text size="sm" fw={600} truncate>
          {title}
        </Text>
        {failed && call?.error ? (
          <Text size="sm" c="red.7">
            {call.error}
          </Text>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {itemId ? (
          <Anchor component={Link} to={paths.dashboardAssistantQaReport.href(itemId)} size="sm">
            {L.upload.openReport}
          </Anchor>
        ) : null}
        {itemId || failed ? (
          <CloseButton aria-label={L.upload.dismiss} size="sm" onClick={onDismiss} />
        ) : null}
      </Group>
    </Group>
  );
}

/** Calls uploaded from this page: analysing (polled every 2 s) until their QA item appears, or failed. */
export function PendingUploads(props: {
  calls: { callId: string; title: string }[];
  onDismiss: (callId: string) => void;
}) {
  if (props.calls.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="sm">
      <Stack gap="xs">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {L.upload.pendingTitle}
        </Text>
        {props.calls.map((c) => (
          <PendingCall
            key={c.callId}
            callId={c.callId}
            title={c.title}
            onDismiss={() => props.onDismiss(c.callId)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
