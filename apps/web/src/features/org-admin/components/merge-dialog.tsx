import { type Member, messages } from '@agaton/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useMembers } from '../api/org-admin-api';
import { ORG_LABELS } from '../texts';
import { SEARCH_DEBOUNCE_MS } from './search';

/**
 * "Merge into…" (owners): the row's member is a second identity of the user picked here, who is kept
 * (what moves: docs/decisions/016-org-administration.md).
 */
export function MergeDialog(props: {
  orgId: string;
  member: Member | null;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onMerge: (primary: Member) => void;
}) {
  const { member } = props;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [primaryId, setPrimaryId] = useState<string | null>(null);
  const list = useMembers(
    props.orgId,
    {
      query,
      filters: { includeArchived: true },
      pagination: { page: 1, pageSize: 25 },
    },
    member !== null,
  );
  const options = (list.data?.members ?? []).filter((m) => m.astridIdentityId !== member?.astridIdentityId);
  const primary = options.find((m) => m.astridIdentityId === primaryId) ?? null;
  const name = member ? member.name || member.email : '';
  const close = () => {
    setSearch('');
    setPrimaryId(null);
    props.onClose();
  };
  // A 409 carries its reason (two coach accounts); anything else gets our generic text.
  const errorText =
    props.error instanceof ApiError && props.error.status === 409
      ? props.error.message
      : props.error
        ? ORG_LABELS.mergeFailed
        : null;

  return (
    <Modal opened={member !== null} onClose={close} title={ORG_LABELS.mergeTitle(name)}>
      <Stack>
        <Text size="sm">{ORG_LABELS.mergeBody(name)}</Text>
        <Select
          label={ORG_LABELS.mergeTarget}
          placeholder={ORG_LABELS.mergeTargetPlaceholder}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options.map((m) => ({
            value: m.astridIdentityId,
            label: `${m.name || m.email} (${m.email})`,
          }))}
          value={primaryId}
          onChange={setPrimaryId}
          nothingFoundMessage={list.isError ? messages.org.listMembers : undefined}
        />
        {errorText && (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {ORG_LABELS.cancel}
          </Button>
          <Button
            disabled={!primary}
            loading={props.pending}
            onClick={() => primary && props.onMerge(primary)}
          >
            {ORG_LABELS.merge}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
