import type { Team } from '@agaton/contracts';
import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ORG_LABELS } from '../texts';

/** The users table's search and its team, missing-info and archived filters (spec 2 §7 members/list). */
export function MembersFilters(props: {
  search: string;
  onSearch: (value: string) => void;
  teams: Team[];
  teamId: string | null;
  onTeam: (teamId: string | null) => void;
  missingInfo: boolean;
  /** totalMembersMissingInfo of the last page. */
  missingCount: number;
  onMissingInfo: (on: boolean) => void;
  includeArchived: boolean;
  onIncludeArchived: (on: boolean) => void;
}) {
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={ORG_LABELS.search}
        placeholder={ORG_LABELS.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
      />
      <Select
        label={ORG_LABELS.team}
        placeholder={ORG_LABELS.allTeams}
        data={props.teams.map((t) => ({ value: t.id, label: t.name }))}
        value={props.teamId}
        onChange={props.onTeam}
        clearable
      />
      <Checkbox
        mb={8}
        label={ORG_LABELS.missingInfoCount(props.missingCount)}
        checked={props.missingInfo}
        onChange={(e) => props.onMissingInfo(e.currentTarget.checked)}
      />
      <Checkbox
        mb={8}
        label={ORG_LABELS.includeArchived}
        checked={props.includeArchived}
        onChange={(e) => props.onIncludeArchived(e.currentTarget.checked)}
      />
    </Group>
  );
}
