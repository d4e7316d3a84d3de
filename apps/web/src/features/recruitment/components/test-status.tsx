import { CANDIDATE_TEST_STATUS_LABELS, type CandidateTestStatus, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { Button, Text, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { StatusPill } from '../../../components/ui/status-pill';
import { RT_LABELS } from '../texts';

const STATUS_COLOR: Record<CandidateTestStatus, string> = {
  NotInvited: 'gray',
  InviteSent: 'blue',
  Done: 'teal',
  Expired: 'orange',
};

/** The candidate's test status as a pill (spec 2 §4 texts). */
export function TestStatusPill({ status }: { status: CandidateTestStatus }) {
  return (
    <StatusPill status={status} label={CANDIDATE_TEST_STATUS_LABELS[status]} color={STATUS_COLOR[status]} />
  );
}

/** How long 'Copied' stays after a copy. */
export const COPIED_MS = 2000;

/**
 * A test code: click to copy with a 'Copied' confirmation until the test is completed, then 'Used'
 * (spec 2 §2).
 */
export function TestCode({ code, used }: { code: string | undefined; used: boolean }) {
  const clipboard = useClipboard({ timeout: COPIED_MS });
  if (!code) return <Text c="dimmed">—</Text>;
  if (used) {
    return (
      <Text size="sm" c="dimmed" data-testid="code-used">
        {RECRUITMENT_TEXTS.codeUsed}
      </Text>
    );
  }
  return (
    <Tooltip label={RECRUITMENT_TEXTS.copied} opened={clipboard.copied} withArrow position="top">
      <Button
        variant="subtle"
        color={clipboard.copied ? 'teal' : 'gray'}
        size="xs"
        px={6}
        ff="monospace"
        fw={600}
        aria-label={RT_LABELS.copyCode(code)}
        rightSection={clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
        onClick={() => clipboard.copy(code)}
        data-testid="test-code"
      >
        {code}
      </Button>
    </Tooltip>
  );
}
