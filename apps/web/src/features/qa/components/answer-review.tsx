import { ANSWERS, type Answer, QA_LIMITS, type QcBullet } from '@agaton/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMessageReport, IconPencil, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../components/ui/format';
import { errorMessage } from '../../../lib/api-client';
import { useOverrideAnswer, useRemoveOverride } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';
import { answerLabel } from '../utils/flags';
import { actorName, percent } from '../utils/review';

const V = L.review;

/** What the reviewer opened the form for: a new override, a confirmation, or changing an override. */
export type ReviewMode = 'override' | 'confirm' | 'change';
export interface ReviewTarget {
  bullet: QcBullet;
  mode: ReviewMode;
  /** A fresh form each time the modal opens. */
  key?: number;
}

/** 'Automatic answer: No, 62%' — what the automation answered, with its confidence. */
const automaticLine = (bullet: QcBullet) =>
  V.automatic(answerLabel(bullet.review.automatic.answer), percent(bullet.confidence));

/** An override usually turns yes into no and back; not applicable becomes yes. */
const otherAnswer = (answer: Answer): Answer => (answer === 'YES' ? 'NO' : 'YES');

/** Badges under the question: an open dispute, and whether a person overrode or confirmed the answer. */
export function ReviewBadges({ bullet }: { bullet: QcBullet }) {
  const { review } = bullet;
  const dispute = review.disputeOpen && review.agentResponse;
  if (!dispute && !review.override) return null;
  return (
    <Group gap={6} wrap="wrap">
      {dispute ? (
        <Badge
          color="orange"
          variant="light"
          size="sm"
          leftSection={<IconMessageReport size={12} />}
          data-testid="qa-dispute-badge"
        >
          {V.disputedBy(actorName(dispute.agent))}
        </Badge>
      ) : null}
      {review.override ? (
        <Badge
          color={review.override.confirmsAutomatic ? 'teal' : 'indigo'}
          variant="light"
          size="sm"
          leftSection={<IconUserCheck size={12} />}
          data-testid="qa-review-badge"
        >
          {review.override.confirmsAutomatic ? V.confirmed : V.overridden}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The people's side of an answer: the reviewer's override or confirmation with the automatic answer
 * it replaced, and the agent's acknowledgement or dispute.
 */
export function ReviewDetails({ bullet }: { bullet: QcBullet }) {
  const { override, agentResponse, disputeOpen } = bullet.review;
  return (
    <>
      {override ? (
        <Paper
          radius="sm"
          p="xs"
          bg={override.confirmsAutomatic ? 'teal.0' : 'indigo.0'}
          data-testid="qa-answer-override"
        >
          <Text size="sm">
            <Text span fw={600} size="sm">
              {(override.confirmsAutomatic ? V.confirmedBy : V.overriddenBy)(
                actorName(override.reviewer),
                formatDateTime(override.at),
              )}
              :
            </Text>{' '}
            {override.reason}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {automaticLine(bullet)}
          </Text>
        </Paper>
      ) : null}
      {agentResponse ? (
        <Paper
          radius="sm"
          p="xs"
          bg={disputeOpen ? 'orange.0' : 'gray.0'}
          style={{
            borderLeft: `3px solid var(--mantine-color-${disputeOpen ? 'orange-6' : 'gray-4'})`,
          }}
          data-testid="qa-agent-response"
          data-kind={agentResponse.kind}
          data-open={disputeOpen || undefined}
        >
          <Text size="sm" fw={600}>
            {(agentResponse.kind === 'DISPUTE' ? V.disputedBy : V.acknowledgedBy)(
              actorName(agentResponse.agent),
            )}{' '}
            · {formatDateTime(agentResponse.at)}
          </Text>
          {agentResponse.comment ? (
            <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              “{agentResponse.comment}”
            </Text>
          ) : null}
          {agentResponse.kind === 'DISPUTE' && !disputeOpen ? (
            <Text size="xs" c="dimmed" mt={2}>
              {V.disputeSettled}
            </Text>
          ) : null}
        </Paper>
      ) : null}
    </>
  );
}

/**
 * The reviewer's actions on an answer. Without an override: Override and Confirm — the obvious next
 * step (filled, with a line saying so) when the answer needs review or its dispute is open. With one:
 * Change and Remove override.
 */
export function ReviewActions(props: {
  qcItemId: string;
  bullet: QcBullet;
  onOpen: (target: ReviewTarget) => void;
}) {
  const { bullet } = props;
  const { override, disputeOpen } = bullet.review;
  const remove = useRemoveOverride();
  const urgent = bullet.needsReview || disputeOpen;
  const hint = disputeOpen ? V.disputeNext : bullet.needsReview ? V.needsReviewNext : null;
  const question = bullet.questionText;
  const onRemove = () =>
    remove.mutate(
      { qcItemId: props.qcItemId, questionId: bullet.questionId },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: V.removed }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  return (
    <Stack gap={6}>
      {hint ? (
        <Text size="xs" c={disputeOpen ? 'orange.8' : 'dimmed'} data-testid="qa-review-hint">
          {hint}
        </Text>
      ) : null}
      <Group gap="xs">
        {override ? (
          <>
            <Button
              size="xs"
              variant={urgent ? 'filled' : 'light'}
              leftSection={<IconPencil size={14} />}
              aria-label={V.changeLabel(question)}
              onClick={() => props.onOpen({ bullet, mode: 'change' })}
            >
              {V.change}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={V.removeLabel(question)}
              loading={remove.isPending}
              onClick={onRemove}
            >
              {V.remove}
            </Button>
          </>
        ) : (
          <>
            <Button
              size="xs"
              variant={urgent ? 'filled' : 'light'}
              leftSection={<IconPencil size={14} />}
              aria-label={V.overrideLabel(question)}
              onClick={() => props.onOpen({ bullet, mode: 'override' })}
            >
              {V.override}
            </Button>
            <Button
              size="xs"
              variant={urgent ? 'light' : 'subtle'}
              leftSection={<IconCheck size={14} />}
              aria-label={V.confirmLabel(question)}
              onClick={() => props.onOpen({ bullet, mode: 'confirm' })}
            >
              {V.confirm}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

function ReviewForm(props: { qcItemId: string; target: ReviewTarget; onClose: () => void }) {
  const { bullet, mode } = props.target;
  const automatic = bullet.review.automatic.answer;
  const M = V.modal;
  const [answer, setAnswer] = useState<Answer>(
    mode === 'confirm'
      ? automatic
      : mode === 'change'
        ? (bullet.review.override?.answer ?? automatic)
        : otherAnswer(automatic),
  );
  const [reason, setReason] = useState(mode === 'change' ? (bullet.review.override?.reason ?? '') : '');
  const [touched, setTouched] = useState(false);
  const save = useOverrideAnswer();
  const blank = reason.trim().length === 0;
  // Answering a dispute: the agent's words beside the form.
  const dispute = bullet.review.disputeOpen ? bullet.review.agentResponse : null;
  const confirms = answer === automatic;

  const submit = () => {
    setTouched(true);
    if (blank) return;
    save.mutate(
      { qcItemId: props.qcItemId, questionId: bullet.questionId, answer, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: confirms ? V.confirmedDone : V.saved });
          props.onClose();
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <div>
          <Text fw={600} size="sm">
            {bullet.questionText}
          </Text>
          <Text size="xs" c="dimmed">
            {automaticLine(bullet)}
          </Text>
          {dispute ? (
            <Text size="xs" c="orange.8" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {V.disputedBy(actorName(dispute.agent))}
              {dispute.comment ? `: “${dispute.comment}”` : ''}
            </Text>
          ) : null}
        </div>
        <Input.Wrapper label={M.answer} withAsterisk>
          <SegmentedControl
            fullWidth
            value={answer}
            onChange={(value) => setAnswer(value as Answer)}
            data={ANSWERS.map((a) => ({ value: a, label: answerLabel(a) }))}
          />
        </Input.Wrapper>
        {confirms ? (
          <Text size="xs" c="teal.8" data-testid="qa-confirms-automatic">
            {M.confirmsAutomatic}
          </Text>
        ) : null}
        <Textarea
          label={M.reason}
          description={M.reasonHint}
          placeholder={M.reasonPlaceholder}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={QA_LIMITS.maxOverrideReasonChars}
          autosize
          minRows={3}
          // Our message rather than the browser's bubble: the form checks the reason itself.
          withAsterisk
          aria-required
          error={touched && blank ? L.required : null}
          data-autofocus
        />
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={props.onClose}>
            {M.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={touched && blank}>
            {confirms ? M.saveConfirm : M.saveOverride}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The override form: the answer (Yes, No, Not applicable) and a required reason. `target` stays set
 * while the modal closes, so its content does not change during the transition.
 */
export function ReviewModal(props: {
  qcItemId: string;
  target: ReviewTarget | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { target } = props;
  const M = V.modal;
  const title =
    target?.mode === 'confirm' ? M.confirmTitle : target?.mode === 'change' ? M.changeTitle : M.overrideTitle;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered>
      {target ? (
        <ReviewForm key={target.key} qcItemId={props.qcItemId} target={target} onClose={props.onClose} />
      ) : null}
    </Modal>
  );
}
