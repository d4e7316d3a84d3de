import {
  QA_LIMITS,
  QA_TEXTS,
  QUESTION_PURPOSES,
  QUESTION_SEVERITIES,
  QUESTION_SPEAKERS,
  type QuestionSet,
} from '@agaton/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useQuestionMutations, useSuggestEvidence } from '../api/scorecards-api';
import { SCORECARD_LABELS as L } from '../texts';
import {
  duplicateValues,
  emptyQuestion,
  isUnchanged,
  mergeLines,
  type QuestionField,
  type QuestionFormValues,
  type QuestionModalMode,
  toInput,
  validateQuestion,
  valuesOf,
} from '../utils/question-form';

const M = L.modal;

/**
 * Add or edit a question (spec 3 §3.1, §4, §5): Save stays disabled while a field is invalid and each
 * such field says 'Required' once touched; Duplicate turns an edit into an add with the scorecards
 * cleared; an unchanged edit just closes. The evidence (speaker, phrases, examples) tells the offline
 * answerer what to listen for and can be suggested from the question.
 */
export function QuestionModal(props: {
  mode: QuestionModalMode | null;
  onClose: () => void;
  onModeChange: (mode: QuestionModalMode) => void;
  set: QuestionSet;
  sets: QuestionSet[];
}) {
  const { mode } = props;
  const [values, setValues] = useState<QuestionFormValues>(() => emptyQuestion(props.set.questionSetId));
  const [touched, setTouched] = useState<Partial<Record<QuestionField, boolean>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { create, update } = useQuestionMutations();
  const suggest = useSuggestEvidence();

  // Fill the form as the modal opens, in the same render (filled after it, a click on the first frame
  // was undone by the fill); Duplicate switches the mode while open and keeps the values.
  const [open, setOpen] = useState(false);
  if ((mode !== null) !== open) {
    setOpen(mode !== null);
    if (mode !== null) {
      setValues(mode.kind === 'edit' ? valuesOf(mode.question) : emptyQuestion(props.set.questionSetId));
      setTouched({});
      setServerError(null);
    }
  }
  // The last suggestion's state goes with the form it was for.
  useEffect(() => {
    if (open) suggest.reset();
  }, [open, suggest.reset]);

  const errors = validateQuestion(values);
  const invalid = Object.keys(errors).length > 0;
  const errorOf = (field: QuestionField) => (touched[field] ? errors[field] : undefined);
  const set = <K extends QuestionField>(field: K, value: QuestionFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerError(null);
  };
  const touch = (field: QuestionField) => () => setTouched((t) => ({ ...t, [field]: true }));

  const failed = (error: unknown) => {
    notifications.show({ color: 'red', message: QA_TEXTS.questionSaveFailed });
    // A refusal with a reason (a full scorecard, one deleted meanwhile) is worth saying in the form.
    if (error instanceof ApiError && [404, 409].includes(error.status)) setServerError(error.message);
  };
  const save = () => {
    if (!mode || invalid) return;
    if (mode.kind === 'edit') {
      if (isUnchanged(mode.question, values)) {
        props.onClose();
        return;
      }
      update.mutateAsync({ questionId: mode.question.questionId, input: toInput(values) }).then(() => {
        notifications.show({ color: 'green', message: QA_TEXTS.questionModified });
        props.onClose();
      }, failed);
    } else {
      // Promise callbacks, not mutate's, so the toast shows whatever re-renders meanwhile.
      create.mutateAsync(toInput(values)).then(() => {
        notifications.show({ color: 'green', message: QA_TEXTS.questionCreated });
        props.onClose();
      }, failed);
    }
  };
  const duplicate = () => {
    setValues(duplicateValues(values));
    setTouched({ questionSetIds: true });
    setServerError(null);
    props.onModeChange({ kind: 'add' });
  };
  const suggestEvidence = () =>
    suggest.mutate(
      {
        questionText: values.questionText.trim(),
        presentationText: values.presentationText.trim() || undefined,
      },
      {
        onSuccess: (s) =>
          setValues((v) => ({
            ...v,
            speaker: s.speaker,
            phrases: mergeLines(v.phrases, s.phrases),
            examples: mergeLines(v.examples, s.examples),
          })),
        onError: () => notifications.show({ color: 'red', message: M.suggestFailed }),
      },
    );

  const pending = create.isPending || update.isPending;
  return (
    <Modal
      opened={mode !== null}
      onClose={props.onClose}
      title={mode?.kind === 'edit' ? M.editTitle : M.addTitle}
      size="xl"
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Textarea
            label={M.question}
            description={M.questionHint}
            withAsterisk
            autosize
            minRows={2}
            maxLength={QA_LIMITS.maxQuestionTextChars}
            value={values.questionText}
            onChange={(e) => set('questionText', e.currentTarget.value)}
            onBlur={touch('questionText')}
            error={errorOf('questionText')}
            data-autofocus
          />
          <Textarea
            label={QA_TEXTS.explanation}
            description={M.explanation}
            withAsterisk
            autosize
            minRows={2}
            maxLength={QA_LIMITS.maxPresentationTextChars}
            value={values.presentationText}
            onChange={(e) => set('presentationText', e.currentTarget.value)}
            onBlur={touch('presentationText')}
            error={errorOf('presentationText')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Checkbox.Group
              label={M.purposes}
              withAsterisk
              value={values.purposes}
              onChange={(v) => set('purposes', v as QuestionFormValues['purposes'])}
              error={errorOf('purposes')}
            >
              <Group gap="md" mt={6}>
                {QUESTION_PURPOSES.map((p) => (
                  <Checkbox key={p} value={p} label={L.purposes[p]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Radio.Group
              label={M.expectedAnswer}
              description={M.expectedHint}
              withAsterisk
              value={values.isTrueGood === null ? '' : values.isTrueGood ? 'yes' : 'no'}
              onChange={(v) => set('isTrueGood', v === 'yes')}
              error={errorOf('isTrueGood')}
            >
              <Group gap="md" mt={6}>
                <Radio value="yes" label={M.yes} />
                <Radio value="no" label={M.no} />
              </Group>
            </Radio.Group>
            <Radio.Group
              label={M.severity}
              description={M.severityHint}
              withAsterisk
              value={values.severity ?? ''}
              onChange={(v) => set('severity', v as QuestionFormValues['severity'])}
              error={errorOf('severity')}
            >
              <Group gap="md" mt={6}>
                {QUESTION_SEVERITIES.map((s) => (
                  <Radio key={s} value={s} label={L.severities[s]} />
                ))}
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <MultiSelect
            label={M.scorecards}
            placeholder={values.questionSetIds.length ? undefined : M.scorecardsPlaceholder}
            withAsterisk
            data={props.sets.map((s) => ({ value: s.questionSetId, label: s.name }))}
            value={values.questionSetIds}
            onChange={(v) => set('questionSetIds', v)}
            onBlur={touch('questionSetIds')}
            error={errorOf('questionSetIds')}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <Switch
            label={M.active}
            checked={values.isActive}
            onChange={(e) => set('isActive', e.currentTarget.checked)}
          />
          <Divider label={M.evidence} labelPosition="left" />
          <Text size="sm" c="dimmed" mt={-8}>
            {M.evidenceHint}
          </Text>
          <Group align="flex-end" justify="space-between">
            <Select
              label={M.speaker}
              data={QUESTION_SPEAKERS.map((s) => ({ value: s, label: L.speakers[s] }))}
              value={values.speaker}
              onChange={(v) => v && set('speaker', v as QuestionFormValues['speaker'])}
              allowDeselect={false}
              w={220}
            />
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              onClick={suggestEvidence}
              loading={suggest.isPending}
              disabled={!values.questionText.trim()}
              title={values.questionText.trim() ? undefined : M.suggestNeedsText}
            >
              {M.suggest}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Textarea
              label={M.phrases}
              autosize
              minRows={3}
              maxRows={8}
              value={values.phrases}
              onChange={(e) => set('phrases', e.currentTarget.value)}
              error={errorOf('phrases')}
            />
            <Textarea
              label={M.examples}
              autosize
              minRows={3}
              maxRows={8}
              value={values.examples}
              onChange={(e) => set('examples', e.currentTarget.value)}
              error={errorOf('examples')}
            />
          </SimpleGrid>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="space-between" mt="xs">
            <div>
              {mode?.kind === 'edit' && (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={duplicate}>
                  {M.duplicate}
                </Button>
              )}
            </div>
            <Group gap="sm">
              {invalid && (
                <Text size="xs" c="dimmed">
                  {M.requiredHint}
                </Text>
              )}
              <Button variant="default" onClick={props.onClose}>
                {M.cancel}
              </Button>
              <Button type="submit" disabled={invalid} loading={pending}>
                {M.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
