import { QA_LIMITS, QA_TEXTS, type QuestionSet } from '@agaton/contracts';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useQuestionSetMutations, useScorecardTeams } from '../api/scorecards-api';
import { SCORECARD_LABELS as L } from '../texts';

/**
 * Create a scorecard, or rename `set` and change its teams. A blank name is 'Required'; a taken one
 * shows the server's reason. No teams = every agent. Teams the admin cannot see (a manager's view of
 * another manager's team) are kept as they are.
 */
export function ScorecardNameModal(props: {
  opened: boolean;
  onClose: () => void;
  set?: QuestionSet;
  onSaved?: (set: QuestionSet) => void;
}) {
  const { create, rename } = useQuestionSetMutations();
  const teams = useScorecardTeams();
  const [name, setName] = useState('');
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (props.opened) {
      setName(props.set?.name ?? '');
      setTeamIds(props.set?.teamIds ?? []);
      setTouched(false);
      setError(null);
    }
  }, [props.opened, props.set]);

  const blank = !name.trim();
  const pending = create.isPending || rename.isPending;
  const save = () => {
    if (blank) {
      setTouched(true);
      return;
    }
    const known = new Set((teams.data ?? []).map((team) => team.id));
    const chosen = [...teamIds.filter((id) => known.has(id)), ...teamIds.filter((id) => !known.has(id))];
    // Promise callbacks, not mutate's: creating the first scorecard re-renders the whole tab.
    const saved = props.set
      ? rename.mutateAsync({ questionSetId: props.set.questionSetId, name: name.trim(), teamIds: chosen })
      : create.mutateAsync({ name: name.trim(), teamIds: chosen });
    saved.then(
      (set) => {
        props.onSaved?.(set);
        props.onClose();
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.set ? L.nameModal.rename : L.nameModal.create}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={L.nameModal.name}
            value={name}
            maxLength={QA_LIMITS.maxScorecardNameChars}
            data-autofocus
            withAsterisk
            error={touched && blank ? QA_TEXTS.required : undefined}
            onBlur={() => setTouched(true)}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
          />
          <MultiSelect
            label={L.nameModal.teams}
            description={L.nameModal.teamsHint}
            placeholder={teamIds.length ? undefined : L.nameModal.teamsPlaceholder}
            data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            value={teamIds.filter((id) => (teams.data ?? []).some((team) => team.id === id))}
            onChange={(visible) => {
              const hidden = teamIds.filter((id) => !(teams.data ?? []).some((team) => team.id === id));
              setTeamIds([...visible, ...hidden]);
              setError(null);
            }}
            searchable
            clearable
            nothingFoundMessage={L.nameModal.teamsPlaceholder}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {L.nameModal.cancel}
            </Button>
            <Button type="submit" loading={pending} disabled={blank}>
              {L.nameModal.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Confirms deleting a scorecard and says what happens to its questions and documents. */
export function DeleteScorecardModal(props: {
  set: QuestionSet;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { remove } = useQuestionSetMutations();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={L.deleteModal.title(props.set.name)} centered>
      <Stack gap="md">
        <Text size="sm">{L.deleteModal.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {L.deleteModal.cancel}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              // Promise callbacks, not mutate's: the scorecard's panel is gone once the list is read again.
              remove.mutateAsync(props.set.questionSetId).then(
                () => {
                  notifications.show({ color: 'green', message: L.deleteModal.done });
                  props.onClose();
                  props.onDeleted();
                },
                () => notifications.show({ color: 'red', message: L.deleteModal.failed }),
              )
            }
          >
            {L.deleteModal.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
