import { type Admin, RECRUITMENT_TEXTS, type ResultsBlob } from '@agaton/contracts';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { usePhone } from '../../../lib/use-phone';
import { useCandidates, useChallenges } from '../api/recruitment-api';
import { RT_LABELS } from '../texts';
import { filterRows, toRow } from '../utils/candidate-rows';
import { CandidatesTable } from './candidates-table';
import { TopChallengingCard } from './top-challenging-card';

/**
 * The Candidates tab: search (name, email, department), team filter (all teams or one the admin
 * manages), the table with row selection, and the top challenging words and sounds (after the list on
 * a phone, where the five cards would push the list a screen down).
 */
export function CandidatesPanel({
  admin,
  selected,
  onSelectedChange,
  onAddUser,
}: {
  admin: Admin;
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  onAddUser: () => void;
}) {
  const candidates = useCandidates();
  const challenges = useChallenges();
  const phone = usePhone();
  const [search, setSearch] = useState('');
  const [teamId, setTeamId] = useState<string | null>(null);
  const teams = admin.organizationInfo.managedTeams;
  const team = teams.find((t) => t.id === teamId) ?? null;

  const rows = useMemo(() => (candidates.data ?? []).map(toRow), [candidates.data]);
  const shown = useMemo(() => filterRows(rows, { search, team }), [rows, search, team]);
  const results = useMemo(
    () => (challenges.data ?? []).map((c) => c.results).filter((r): r is ResultsBlob => r !== null),
    [challenges.data],
  );

  let list: ReactNode;
  if (candidates.isPending) list = <PageLoader />;
  else if (candidates.isError) {
    list = (
      <PanelError
        message={RT_LABELS.loadFailed}
        retryLabel={RT_LABELS.retry}
        onRetry={() => candidates.refetch()}
        retrying={candidates.isFetching}
      />
    );
  } else if (rows.length === 0) {
    list = (
      <EmptyPanel
        text={RECRUITMENT_TEXTS.noCandidates}
        testId="candidates-empty"
        action={
          <Button size="sm" leftSection={<IconUserPlus size={18} />} onClick={onAddUser}>
            {RT_LABELS.addUser}
          </Button>
        }
      />
    );
  } else if (shown.length === 0) {
    list = (
      <EmptyPanel
        text={RT_LABELS.noMatches}
        action={
          <Button
            size="sm"
            variant="default"
            onClick={() => {
              setSearch('');
              setTeamId(null);
            }}
          >
            {RT_LABELS.clearFilters}
          </Button>
        }
      />
    );
  } else {
    list = <CandidatesTable rows={shown} selected={selected} onSelectedChange={onSelectedChange} />;
  }

  return (
    <Stack gap="md">
      {!phone && <TopChallengingCard results={results} />}
      <Group gap="sm" align="flex-end">
        <TextInput
          label={RT_LABELS.search}
          placeholder={RT_LABELS.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label={RT_LABELS.team}
          data={[
            { value: '', label: RT_LABELS.allTeams },
            ...teams.map((t) => ({ value: t.id, label: t.name })),
          ]}
          value={teamId ?? ''}
          onChange={(value) => setTeamId(value || null)}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {selected.size > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {RT_LABELS.selected(selected.size)}
        </Text>
      ) : null}
      {list}
      {phone && <TopChallengingCard results={results} />}
    </Stack>
  );
}
