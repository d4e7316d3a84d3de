import {
  type Admin,
  MEMBER_PAGE_SIZES,
  type Member,
  messages,
  ORG_TEXTS,
  PLAN_TEXTS,
} from '@agaton/contracts';
import { Button, Checkbox, Group, Modal, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { ApiError } from '../../../lib/api-client';
import { useLicences, useMembers, useSetArchive, useTeams, useUpdateMember } from '../api/org-admin-api';
import { ORG_LABELS } from '../texts';
import { ArchiveDialog } from './archive-dialog';
import { EditUserModal, updateErrorText } from './edit-user-modal';
import { LicenceCards } from './licence-cards';
import { MembersTable } from './members-table';
import { TeamsDialog } from './teams-dialog';

/** Members search is debounced 250 ms (spec 2 §5, §9). */
export const SEARCH_DEBOUNCE_MS = 250;

const isLimit = (error: unknown) => error instanceof ApiError && error.code === 'PAYMENT_REQUIRED';

/**
 * Users and licences (spec 2 §2): the licence cards, then the members table with search, the team,
 * missing-info and archived filters, page sizes 25/50/100/500, Edit user, archive and the Teams dialog.
 */
export function MembersPanel({ admin }: { admin: Admin }) {
  const orgId = admin.organizationInfo.id;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [missingInfo, setMissingInfo] = useState(false);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [pageSize, setPageSize] = useState<number>(MEMBER_PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Member | null>(null);
  const [archiving, setArchiving] = useState<Member | null>(null);
  const [dialog, setDialog] = useState<'teams' | 'contact' | 'limit' | null>(null);

  const request = {
    query,
    filters: {
      ...(teamId ? { teamId } : {}),
      ...(missingInfo ? { missingInfo } : {}),
      ...(includeArchived ? { includeArchived } : {}),
    },
    pagination: { page, pageSize },
  };
  const list = useMembers(orgId, request);
  const teams = useTeams(orgId);
  const licences = useLicences(orgId);
  const update = useUpdateMember(orgId);
  const archive = useSetArchive(orgId);
  // Any change of filters starts again at the first page.
  const filter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  const toggleCoaching = (m: Member, on: boolean) =>
    update.mutate(
      {
        memberId: m.astridIdentityId,
        changes: {
          name: m.name,
          orgRole: m.orgRole,
          teams: m.teams.map((t) => ({ teamId: t.teamId, teamRole: t.teamRole })),
          hasLicense: on,
        },
      },
      {
        onError: (error) =>
          isLimit(error)
            ? setDialog('limit')
            : notifications.show({ color: 'red', message: messages.org.updateUser }),
      },
    );

  let table: ReactNode;
  if (list.isPending) table = <PageLoader />;
  else if (list.isError) {
    table = (
      <PanelError
        message={messages.org.listMembers}
        retryLabel={ORG_LABELS.retry}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.members.length === 0) {
    table = <EmptyPanel text={ORG_TEXTS.noUsers} testId="members-empty" />;
  } else {
    table = (
      <MembersTable
        members={list.data.members}
        onEdit={(m) => {
          update.reset();
          setEditing(m);
        }}
        onArchive={setArchiving}
        onToggleCoaching={toggleCoaching}
        togglingId={update.isPending && !editing ? (update.variables?.memberId ?? null) : null}
      />
    );
  }
  const totalPages = list.data?.totalPages ?? 0;
  const missingCount = list.data?.totalMembersMissingInfo ?? 0;

  return (
    <Stack gap="lg">
      <LicenceCards summary={licences.data} onPurchase={() => setDialog('contact')} />
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={ORG_LABELS.search}
            placeholder={ORG_LABELS.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label={ORG_LABELS.team}
            placeholder={ORG_LABELS.allTeams}
            data={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={teamId}
            onChange={filter(setTeamId)}
            clearable
          />
          <Checkbox
            mb={8}
            label={ORG_LABELS.missingInfoCount(missingCount)}
            checked={missingInfo}
            onChange={(e) => filter(setMissingInfo)(e.currentTarget.checked)}
          />
          <Checkbox
            mb={8}
            label={ORG_LABELS.includeArchived}
            checked={includeArchived}
            onChange={(e) => filter(setIncludeArchived)(e.currentTarget.checked)}
          />
        </Group>
        <Button
          variant="default"
          leftSection={<IconUsersGroup size={18} />}
          onClick={() => setDialog('teams')}
        >
          {ORG_LABELS.manageTeams}
        </Button>
      </Group>
      {table}
      <Group justify="space-between">
        <Select
          label={ORG_LABELS.pageSize}
          w={120}
          data={MEMBER_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(v) => filter(setPageSize)(Number(v))}
        />
        {totalPages > 1 && (
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? ORG_LABELS.previous : ORG_LABELS.next,
            })}
          />
        )}
      </Group>

      <EditUserModal
        member={editing}
        teams={teams.data ?? []}
        onClose={() => setEditing(null)}
        saving={update.isPending}
        error={update.isError ? updateErrorText(update.error) : null}
        onSave={(changes) =>
          editing &&
          update.mutate(
            { memberId: editing.astridIdentityId, changes },
            {
              onSuccess: () => {
                setEditing(null);
                notifications.show({ color: 'teal', message: ORG_LABELS.userUpdated });
              },
            },
          )
        }
      />
      <ArchiveDialog
        member={archiving}
        pending={archive.isPending}
        onClose={() => setArchiving(null)}
        onConfirm={(m) =>
          archive.mutate(
            { memberId: m.astridIdentityId, isArchived: !m.isArchived },
            {
              onSuccess: () => {
                setArchiving(null);
                const name = m.name || m.email;
                notifications.show({
                  color: 'teal',
                  message: m.isArchived ? ORG_LABELS.unarchivedDone(name) : ORG_LABELS.archivedDone(name),
                });
              },
              onError: () => notifications.show({ color: 'red', message: messages.org.updateUser }),
            },
          )
        }
      />
      <TeamsDialog
        opened={dialog === 'teams'}
        onClose={() => setDialog(null)}
        orgId={orgId}
        isOwner={admin.role !== 'MANAGER'}
      />
      <Modal opened={dialog === 'limit'} onClose={() => setDialog(null)} title={PLAN_TEXTS.limitLicenses}>
        <Stack>
          <Text>{PLAN_TEXTS.needMoreUsers}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setDialog('contact')}>{ORG_LABELS.purchase}</Button>
          </Group>
        </Stack>
      </Modal>
      <ContactSalesModal
        opened={dialog === 'contact'}
        onClose={() => setDialog(null)}
        email={admin.email}
        name={admin.name}
        planName="Record Meeting"
      />
    </Stack>
  );
}
