import { type Member, messages, ROLE_LABELS, ROLES, type Role, type Team } from '@agaton/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { ORG_LABELS } from '../texts';
import {
  type EditUserErrors,
  type EditUserValues,
  toUpdateRequest,
  validateEditUser,
  valuesOf,
} from '../utils/edit-user-form';

const roleOptions = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/**
 * Edit user (spec 2 §5): name, e-mail, organisation role, team rows (team + team role) and the
 * licence. Validation runs on save; a failed save shows 'Unable to update user. Please try again'
 * (or the server's limit text) and keeps what was typed.
 */
export function EditUserModal(props: {
  member: Member | null;
  teams: Team[];
  onClose: () => void;
  onSave: (changes: ReturnType<typeof toUpdateRequest>) => void;
  saving: boolean;
  /** The failed save's message, if any. */
  error: string | null;
}) {
  const { member, teams } = props;
  const [values, setValues] = useState<EditUserValues | null>(null);
  const [errors, setErrors] = useState<EditUserErrors | null>(null);
  useEffect(() => {
    setValues(member ? valuesOf(member) : null);
    setErrors(null);
  }, [member]);

  const set = (patch: Partial<EditUserValues>) => setValues((v) => (v ? { ...v, ...patch } : v));
  const setRow = (i: number, patch: Partial<EditUserValues['teams'][number]>) =>
    setValues((v) => (v ? { ...v, teams: v.teams.map((r, j) => (j === i ? { ...r, ...patch } : r)) } : v));
  const submit = () => {
    if (!values) return;
    const found = validateEditUser(values);
    setErrors(found);
    if (!found) props.onSave(toUpdateRequest(values));
  };
  const teamOptions = teams.map((t) => ({ value: t.id, label: t.name }));

  return (
    <Modal opened={member !== null} onClose={props.onClose} title={ORG_LABELS.editUser} size="lg">
      {values && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={ORG_LABELS.name}
              value={values.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <TextInput
              label={ORG_LABELS.email}
              type="email"
              value={values.email}
              error={errors?.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
            />
            <Select
              label={ORG_LABELS.orgRole}
              withAsterisk
              data={roleOptions}
              value={values.orgRole || null}
              error={errors?.orgRole}
              onChange={(v) => set({ orgRole: (v as Role | null) ?? '' })}
              clearable
            />
            <Text fw={600} size="sm" mt="xs">
              {ORG_LABELS.teamsMembership}
            </Text>
            {values.teams.map((row, i) => (
              // Rows have no id of their own; their position is their identity while the form is open.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Group key={i} align="flex-start" gap="xs" wrap="nowrap" data-testid="team-row">
                <Select
                  aria-label={`${ORG_LABELS.team} ${i + 1}`}
                  placeholder={ORG_LABELS.team}
                  data={teamOptions}
                  value={row.teamId || null}
                  error={errors?.rows[i]?.teamId}
                  onChange={(v) => setRow(i, { teamId: v ?? '' })}
                  style={{ flex: 1 }}
                />
                <Select
                  aria-label={`${ORG_LABELS.teamRole} ${i + 1}`}
                  placeholder={ORG_LABELS.teamRole}
                  data={roleOptions}
                  value={row.teamRole || null}
                  error={errors?.rows[i]?.teamRole}
                  onChange={(v) => setRow(i, { teamRole: (v as Role | null) ?? '' })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  mt={6}
                  aria-label={ORG_LABELS.removeTeamRow}
                  onClick={() => set({ teams: values.teams.filter((_, j) => j !== i) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {errors?.teams && (
              <Text c="red.7" size="sm" role="alert">
                {errors.teams}
              </Text>
            )}
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => set({ teams: [...values.teams, { teamId: '', teamRole: '' }] })}
              >
                {ORG_LABELS.addTeamRow}
              </Button>
            </Group>
            <Switch
              label={ORG_LABELS.hasLicense}
              checked={values.hasLicense}
              onChange={(e) => set({ hasLicense: e.currentTarget.checked })}
            />
            {errors?.orgRoleHint && (
              <Text c="red.7" size="sm" role="alert">
                {errors.orgRoleHint}
              </Text>
            )}
            {props.error && (
              <Alert color="red" role="alert">
                {props.error}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={props.onClose}>
                {ORG_LABELS.cancel}
              </Button>
              <Button type="submit" loading={props.saving}>
                {ORG_LABELS.save}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/**
 * The text of a failed save: the server's own text when it says what to change (the licence limit,
 * users being an owner's to change), else the spec's.
 */
export function updateErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.org.updateUser;
  if (error.code === 'PAYMENT_REQUIRED') return error.message;
  if (error.message === messages.org.ownersOnlyUsers) return error.message;
  return messages.org.updateUser;
}
