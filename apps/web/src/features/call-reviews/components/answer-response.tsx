import { type AgentResponseKind, QA_LIMITS, type QcBullet } from '@agaton/contracts';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../../components/ui/format';
import { ApiError } from '../../../lib/api-client';
import { useRespondToAnswer } from '../api/call-reviews-api';
import { CALL_REVIEW_TEXTS as T } from '../texts';
import { toResponse } from '../utils/attention';

const R = T.response;

/** The agent's latest response to an answer: what it was, when, the comment, and where a dispute stands. */
function LatestResponse({ bullet }: { bullet: QcBullet }) {
  const { agentResponse, disputeOpen } = bullet.review;
  if (!agentResponse) {
    return (
      <Text size="sm" c="dimmed" data-testid="response-none">
        {R.none}
      </Text>
    );
  }
  const disputed = agentResponse.kind === 'DISPUTE';
  return (
    <Stack gap={4} data-testid="response-latest" data-kind={agentResponse.kind}>
      <Group gap="xs" wrap="wrap">
        <Badge
          color={disputed ? 'grape' : 'teal'}
          variant="light"
          leftSection={disputed ? <IconMessageReport size={12} /> : <IconCheck size={12} />}
        >
          {R.kinds[agentResponse.kind]}
        </Badge>
        <Text size="xs" c="dimmed">
          {R.at(formatDateTime(agentResponse.at))}
        </Text>
        {disputed ? (
          <Text size="xs" c={disputeOpen ? 'grape.7' : 'dimmed'} fw={600} data-testid="dispute-state">
            {disputeOpen ? R.disputeOpen : R.disputeSettled}
          </Text>
        ) : null}
      </Group>
      {agentResponse.comment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{agentResponse.comment}”
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * 'Your response' under an answer: the latest acknowledgement or dispute, and Acknowledge / Dispute,
 * each opening a comment box (optional for an acknowledgement, 1–1000 characters for a dispute). A new
 * response replaces the shown one (the latest counts).
 */
export function AnswerResponse({ qcItemId, bullet }: { qcItemId: string; bullet: QcBullet }) {
  const respond = useRespondToAnswer(qcItemId);
  const [kind, setKind] = useState<AgentResponseKind | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<AgentResponseKind | null>(null);
  const headingId = useId();
  const latest = bullet.review.agentResponse;
  const input = useRef<HTMLTextAreaElement>(null);
  // The comment box takes the focus when it opens, so typing can start at once.
  useEffect(() => {
    if (kind) input.current?.focus();
  }, [kind]);

  const open = (next: AgentResponseKind) => {
    setKind(next);
    // Changing a response of the same kind starts from its comment.
    setComment(latest?.kind === next ? (latest.comment ?? '') : '');
    setError(null);
    setSaved(null);
    respond.reset();
  };
  const close = () => {
    setKind(null);
    setError(null);
  };
  const submit = () => {
    if (!kind) return;
    const checked = toResponse(kind, comment);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    respond.mutate(
      { questionId: bullet.questionId, response: checked.response },
      {
        onSuccess: () => {
          setSaved(kind);
          setKind(null);
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : R.failed),
      },
    );
  };

  return (
    <Stack
      gap="xs"
      pt="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      role="group"
      aria-labelledby={headingId}
    >
      <Text id={headingId} size="xs" c="dimmed" tt="uppercase" fw={700}>
        {R.heading}
      </Text>
      <LatestResponse bullet={bullet} />
      {saved ? (
        <Text size="sm" c="teal.8" role="status">
          {R.saved[saved]}
        </Text>
      ) : null}
      {kind ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={kind === 'DISPUTE' ? R.commentRequired : R.commentOptional}
              placeholder={R.commentPlaceholder[kind]}
              withAsterisk={kind === 'DISPUTE'}
              value={comment}
              onChange={(e) => {
                setComment(e.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={QA_LIMITS.maxAgentCommentChars}
              description={R.count(comment.length)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              ref={input}
            />
            <Group gap="xs" wrap="wrap">
              <Button type="submit" size="sm" loading={respond.isPending}>
                {R.send[kind]}
              </Button>
              <Button variant="default" size="sm" onClick={close} disabled={respond.isPending}>
                {R.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant={latest?.kind === 'ACKNOWLEDGE' ? 'light' : 'default'}
            color="teal"
            leftSection={<IconCheck size={14} />}
            onClick={() => open('ACKNOWLEDGE')}
          >
            {R.acknowledge}
          </Button>
          <Button
            size="xs"
            variant={latest?.kind === 'DISPUTE' ? 'light' : 'default'}
            color="grape"
            leftSection={<IconMessageReport size={14} />}
            onClick={() => open('DISPUTE')}
          >
            {R.dispute}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
