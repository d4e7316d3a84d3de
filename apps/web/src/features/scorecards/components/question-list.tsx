import { QA_TEXTS, type Question, type QuestionSet } from '@agaton/contracts';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuestionMutations } from '../api/scorecards-api';
import { SCORECARD_LABELS as L } from '../texts';
import { isShared, otherScorecards, withoutScorecard } from '../utils/question-form';

/** The scorecard's questions: text, Explanation, purposes, severity, expected answer, state, Shared. */
export function QuestionList(props: {
  questions: Question[];
  set: QuestionSet;
  sets: QuestionSet[];
  onEdit: (question: Question) => void;
}) {
  const [removing, setRemoving] = useState<Question | null>(null);
  return (
    <Stack gap="sm" data-testid="question-list">
      {props.questions.map((q) => (
        <QuestionRow
          key={q.questionId}
          question={q}
          set={props.set}
          sets={props.sets}
          onEdit={() => props.onEdit(q)}
          onRemove={() => setRemoving(q)}
        />
      ))}
      <RemoveQuestionModal question={removing} set={props.set} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function QuestionRow(props: {
  question: Question;
  set: QuestionSet;
  sets: QuestionSet[];
  onEdit: () => void;
  onRemove: () => void;
}) {
  const q = props.question;
  const others = otherScorecards(q, props.set.questionSetId, props.sets);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="question-row" opacity={q.isActive ? 1 : 0.75}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {q.questionText}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} c="dark.4" size="sm">
              {QA_TEXTS.explanation}:
            </Text>{' '}
            {q.presentationText}
          </Text>
          <Group gap={6} mt={2}>
            {q.purposes.map((p) => (
              <Badge key={p} variant="light" color="blue" size="sm">
                {L.purposes[p]}
              </Badge>
            ))}
            <Badge variant="light" color={q.severity === 'HIGH' ? 'red' : 'yellow'} size="sm">
              {L.severities[q.severity]}
            </Badge>
            <Badge variant="outline" color="gray" size="sm">
              {L.expected(q.isTrueGood)}
            </Badge>
            {!q.isActive && (
              <Badge variant="filled" color="gray" size="sm">
                {L.inactive}
              </Badge>
            )}
            {isShared(q) && (
              <Tooltip label={L.sharedWith(others)} disabled={others.length === 0}>
                <Badge variant="light" color="grape" size="sm" data-testid="shared-badge">
                  {QA_TEXTS.shared}
                </Badge>
              </Tooltip>
            )}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={props.onEdit}
            aria-label={L.editQuestion(q.questionText)}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={props.onRemove}
            aria-label={L.deleteQuestion(q.questionText)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/** Spec 3 §4: delete = update the question with the current scorecard removed, after a confirmation. */
export function RemoveQuestionModal(props: {
  question: Question | null;
  set: QuestionSet;
  onClose: () => void;
  onRemoved?: () => void;
}) {
  const { update } = useQuestionMutations();
  const q = props.question;
  return (
    <Modal opened={q !== null} onClose={props.onClose} title={L.deleteQuestionModal.title} centered>
      <Stack gap="md">
        {q && (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {q.questionText}
          </Text>
        )}
        <Text size="sm">{L.deleteQuestionModal.body(props.set.name)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {L.deleteQuestionModal.cancel}
          </Button>
          <Button
            color="red"
            loading={update.isPending}
            onClick={() => {
              if (!q) return;
              // Promise callbacks, not mutate's: the list (and this modal) may be gone once it is read again.
              update
                .mutateAsync({
                  questionId: q.questionId,
                  input: withoutScorecard(q, props.set.questionSetId),
                })
                .then(
                  () => {
                    notifications.show({ color: 'green', message: QA_TEXTS.questionDeleted });
                    props.onClose();
                    props.onRemoved?.();
                  },
                  () => notifications.show({ color: 'red', message: QA_TEXTS.questionDeleteFailed }),
                );
            }}
          >
            {L.deleteQuestionModal.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
