import type { Admin } from '@agaton/contracts';
import { Select } from '@mantine/core';
import { useQaAgents } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';

const ALL = 'all';

/** All Teams plus the teams the admin manages (spec 3 §2.4, §2.5). */
export function TeamPicker(props: {
  admin: Admin;
  value: string | null;
  onChange: (teamId: string | null) => void;
}) {
  const teams = props.admin.organizationInfo.managedTeams;
  return (
    <Select
      label={L.filters.team}
      w={200}
      data={[
        { value: ALL, label: L.filters.allTeams },
        ...teams.map((t) => ({ value: t.id, label: t.name })),
      ]}
      value={props.value ?? ALL}
      onChange={(value) => props.onChange(!value || value === ALL ? null : value)}
      allowDeselect={false}
    />
  );
}

/** The members in the admin's scope (of the chosen team), searchable; empty means every agent. */
export function AgentPicker(props: {
  admin: Admin;
  teamId: string | null;
  value: string | null;
  onChange: (identityId: string | null, name: string | null) => void;
}) {
  const agents = useQaAgents(props.admin.organizationInfo.id, props.teamId);
  const data = agents.data ?? [];
  return (
    <Select
      label={L.filters.agent}
      placeholder={L.filters.allAgents}
      w={220}
      data={data}
      value={props.value}
      onChange={(value) => props.onChange(value, data.find((a) => a.value === value)?.label ?? null)}
      searchable
      clearable
      nothingFoundMessage="—"
    />
  );
}
