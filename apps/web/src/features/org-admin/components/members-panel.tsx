import {
  type Admin,
  MEMBER_PAGE_SIZES,
  type Member,
  messages,
  ORG_TEXTS,
  PRODUCT_NAMES,
} from '@agaton/contracts';
import { Button, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUsersGroup } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { LimitModal } from '../../../components/ui/limit-modal';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { ApiError } from '../../../lib/api-client';
import {
  useLicences,
  useMembers,
  useMergeIdentity,
  useSetArchive,
  useTeams,
  useUpdateMember,
} from '../api/org-admin-api';
import { ORG_LABELS } from '../texts';
import { ArchiveDialog } from './archive-dialog';
import { EditUserModal, updateErrorText } from './edit-user-modal';
import { LicenceCards } from './licence-cards';
import { MembersFilters } from './members-filters';
import { MembersTable } from './members-table';
import { MergeDialog } from './merge-dialog';
import { SEARCH_DEBOUNCE_MS } from './search';
import { TeamsDialog } from './teams-dialog';

const isLimit = (error: unknown) => error instanceof ApiError && error.code === 'PAYMENT_REQUIRED';

/**
 * Users and licences (spec 2 §2): the licence cards, then the members table with search, the team,
 * missing-info and archived filters, page sizes 25/50/100/500, Edit user, archive and the Teams dialog.
 * A manager sees the users of their teams, counted for those teams, and changes none of them.
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
  const [merging, setMerging] = useState<Member | null>(null);
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
  const merge = useMergeIdentity(orgId);
  const isOwner = admin.role !== 'MANAGER';
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
    // Managing users is the owner's job (spec 2 §6): a manager's table has no actions.
    table = isOwner ? (
      <MembersTable
        members={list.data.members}
        actions={{
          onEdit: (m) => {
            update.reset();
            setEditing(m);
          },
          onArchive: setArchiving,
        }}
        onMerge={(m) => {
          merge.reset();
          setMerging(m);
        }}
        onToggleCoaching={toggleCoaching}
        togglingId={update.isPending && !editing ? (update.variables?.memberId ?? null) : null}
      />
    ) : (
      <MembersTable members={list.data.members} togglingId={null} />
    );
  }
  const totalPages = list.data?.totalPages ?? 0;
  const missingCount = list.data?.totalMembersMissingInfo ?? 0;

  return (
    <Stack gap="lg">
      <LicenceCards summary={licences.data} onPurchase={isOwner ? () => setDialog('contact') : undefined} />
      {isOwner ? null : (
        <Text size="sm" c="dimmed" data-testid="manager-note">
          {ORG_LABELS.managerReadOnly}
        </Text>
      )}
      <Group justify="space-between" align="flex-end">
        <MembersFilters
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          teams={teams.data ?? []}
          teamId={teamId}
          onTeam={filter(setTeamId)}
          missingInfo={missingInfo}
          missingCount={missingCount}
          onMissingInfo={filter(setMissingInfo)}
          includeArchived={includeArchived}
          onIncludeArchived={filter(setIncludeArchived)}
        />
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
        isOwner={isOwner}
      />
      <MergeDialog
        orgId={orgId}
        member={merging}
        pending={merge.isPending}
        error={merge.error}
        onClose={() => setMerging(null)}
        onMerge={(primary) =>
          merging &&
          merge.mutate(
            { primaryIdentityId: primary.astridIdentityId, secondaryIdentityId: merging.astridIdentityId },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  message: ORG_LABELS.merged(merging.name || merging.email, primary.name || primary.email),
                });
                setMerging(null);
              },
            },
          )
        }
      />
      <LimitModal
        opened={dialog === 'limit'}
        onClose={() => setDialog(null)}
        kind="licenses"
        contact={{ email: admin.email, name: admin.name }}
        planName={PRODUCT_NAMES.aiCoach}
      />
      <ContactSalesModal
        opened={dialog === 'contact'}
        onClose={() => setDialog(null)}
        email={admin.email}
        name={admin.name}
        planName={PRODUCT_NAMES.aiCoach}
      />
    </Stack>
  );
}
