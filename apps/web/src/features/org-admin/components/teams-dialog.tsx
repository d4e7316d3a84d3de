import { messages, type Team } from '@agaton/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTeamMutations, useTeams } from '../api/org-admin-api';
import { ORG_LABELS } from '../texts';

type Mode =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'edit'; team: Team }
  | { kind: 'delete'; team: Team };

/**
 * The Teams dialog (spec 2 §2, §4): modes list, create, edit and delete, with the spec's error texts.
 * Only owners change teams (the API refuses managers); a manager sees their teams read-only.
 */
export function TeamsDialog(props: {
  opened: boolean;
  onClose: () => void;
  orgId: string;
  isOwner: boolean;
}) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const teams = useTeams(props.orgId);
  const { create, rename, remove } = useTeamMutations(props.orgId);

  const go = (next: Mode) => {
    setMode(next);
    setError(null);
    setName(next.kind === 'edit' ? next.team.name : '');
  };
  const close = () => {
    go({ kind: 'list' });
    props.onClose();
  };
  const back = () => go({ kind: 'list' });
  const done = { onSuccess: back };

  const submitName = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(messages.validation.required);
      return;
    }
    if (mode.kind === 'create') {
      create.mutate(trimmed, { ...done, onError: () => setError(messages.org.createTeam) });
    } else if (mode.kind === 'edit') {
      rename.mutate(
        { teamId: mode.team.id, name: trimmed },
        { ...done, onError: () => setError(messages.org.updateTeam) },
      );
    }
  };

  let body: React.ReactNode;
  if (mode.kind === 'create' || mode.kind === 'edit') {
    body = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submitName();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={ORG_LABELS.teamName}
            value={name}
            maxLength={100}
            data-autofocus
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={back}>
              {ORG_LABELS.back}
            </Button>
            <Button type="submit" loading={create.isPending || rename.isPending}>
              {ORG_LABELS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else if (mode.kind === 'delete') {
    body = (
      <Stack gap="sm">
        <Text fw={600}>{ORG_LABELS.deleteTeamTitle(mode.team.name)}</Text>
        <Text size="sm" c="dimmed">
          {ORG_LABELS.deleteTeamBody}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={back}>
            {ORG_LABELS.back}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(mode.team.id, { ...done, onError: () => setError(messages.org.deleteTeam) })
            }
          >
            {ORG_LABELS.delete}
          </Button>
        </Group>
      </Stack>
    );
  } else if (teams.isPending) {
    body = <Loader size="sm" />;
  } else if (teams.isError) {
    body = (
      <Stack align="center" gap="sm">
        <Text role="alert" fw={600}>
          {messages.org.listTeams}
        </Text>
        <Button variant="light" size="sm" onClick={() => teams.refetch()} loading={teams.isFetching}>
          {ORG_LABELS.retry}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="xs">
        {teams.data.length === 0 && <Text c="dimmed">{ORG_LABELS.noTeamsYet}</Text>}
        {teams.data.map((team) => (
          <Paper key={team.id} withBorder radius="md" px="md" py="xs" data-testid="team-item">
            <Group justify="space-between">
              <Text fw={500}>{team.name}</Text>
              {props.isOwner && (
                <Group gap={4}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={ORG_LABELS.renameTeam(team.name)}
                    onClick={() => go({ kind: 'edit', team })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={ORG_LABELS.deleteTeam(team.name)}
                    onClick={() => go({ kind: 'delete', team })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
        {props.isOwner ? (
          <Group justify="flex-end" mt="sm">
            <Button leftSection={<IconPlus size={16} />} onClick={() => go({ kind: 'create' })}>
              {ORG_LABELS.createTeam}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" mt="sm">
            {ORG_LABELS.ownersOnlyTeams}
          </Text>
        )}
      </Stack>
    );
  }

  const title =
    mode.kind === 'create'
      ? ORG_LABELS.createTeam
      : mode.kind === 'edit'
        ? ORG_LABELS.renameTeam(mode.team.name)
        : ORG_LABELS.teamsTitle;
  return (
    <Modal opened={props.opened} onClose={close} title={title}>
      {body}
    </Modal>
  );
}
