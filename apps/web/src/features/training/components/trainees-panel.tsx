import { type Candidate, trainingTexts } from '@agaton/contracts';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { TR_LABELS } from '../texts';
import { searchTrainees, traineesOf } from '../utils/trainees';
import { TraineesTable } from './trainees-table';

/** The Admin tab: search and the trainees with their status; empty, the next step is Add training user. */
export function TraineesPanel({
  candidates,
  selected,
  onSelectedChange,
  onAddUser,
  personHref,
}: {
  candidates: UseQueryResult<Candidate[]>;
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  onAddUser: () => void;
  personHref: (userId: string) => string;
}) {
  const [search, setSearch] = useState('');
  const trainees = useMemo(() => traineesOf(candidates.data ?? []), [candidates.data]);
  const shown = useMemo(() => searchTrainees(trainees, search), [trainees, search]);

  let list: ReactNode;
  if (candidates.isPending) list = <PageLoader />;
  else if (candidates.isError) {
    list = (
      <PanelError
        message={TR_LABELS.loadFailed}
        retryLabel={TR_LABELS.retry}
        onRetry={() => candidates.refetch()}
        retrying={candidates.isFetching}
      />
    );
  } else if (trainees.length === 0) {
    list = (
      <EmptyPanel
        text={trainingTexts.noTrainees}
        testId="trainees-empty"
        action={
          <Button size="sm" leftSection={<IconUserPlus size={18} />} onClick={onAddUser}>
            {TR_LABELS.addUser}
          </Button>
        }
      />
    );
  } else if (shown.length === 0) {
    list = (
      <EmptyPanel
        text={TR_LABELS.noMatches}
        action={
          <Button size="sm" variant="default" onClick={() => setSearch('')}>
            {TR_LABELS.clearSearch}
          </Button>
        }
      />
    );
  } else {
    list = (
      <TraineesTable
        rows={shown}
        selected={selected}
        onSelectedChange={onSelectedChange}
        personHref={personHref}
      />
    );
  }

  return (
    <Stack gap="md">
      <TextInput
        label={TR_LABELS.search}
        placeholder={TR_LABELS.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {selected.size > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {TR_LABELS.selected(selected.size)}
        </Text>
      ) : null}
      {list}
    </Stack>
  );
}
