import { type Admin, messages, type TeamUser } from '@agaton/contracts';
import { Anchor, Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { useCoachingOverview } from '../api/assistant-api';
import { ASSISTANT_LABELS as L } from '../texts';
import { feedbackCells, memberHref } from '../utils/coaching';

const ALL = 'all';
const C = L.coaching;

function OverviewTable({ users }: { users: TeamUser[] }) {
  const navigate = useNavigate();
  return (
    <ResponsiveTable
      rows={users}
      rowKey={(user) => user.aiCoachInfo.astridIdentityId}
      minWidth={560}
      highlightOnHover
      rowProps={(user) => ({
        'data-testid': 'coaching-row',
        onClick: () => navigate(memberHref(user)),
        style: { cursor: 'pointer' },
      })}
      columns={[
        {
          key: 'user',
          header: C.columns.user,
          phone: 'title',
          cell: (user) => {
            const name = user.name || C.noName;
            return (
              <>
                <Anchor
                  component={Link}
                  to={memberHref(user)}
                  fw={600}
                  size="sm"
                  aria-label={C.open(name)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              </>
            );
          },
        },
        {
          key: 'last',
          header: C.columns.last,
          cell: (user) => (
            <Text span size="sm" data-testid="last-feedback">
              {feedbackCells(user).last}
            </Text>
          ),
        },
        {
          key: 'total',
          header: C.columns.total,
          cell: (user) => (
            <Text span size="sm" data-testid="total-feedback">
              {feedbackCells(user).total}
            </Text>
          ),
        },
      ]}
    />
  );
}

/**
 * The Coaching tab (spec 3 §2.3): a team selector (All Teams and the teams the admin manages), then
 * the members with their last and total feedback, 10 a page; a row opens the member's coaching.
 */
export function CoachingOverview({ admin }: { admin: Admin }) {
  const [teamId, setTeamId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = useCoachingOverview(teamId, page);
  const teams = admin.organizationInfo.managedTeams;
  const data = query.data;

  let body: ReactNode;
  if (query.isPending) body = <PageLoader />;
  else if (!data) {
    body = (
      <PanelError
        message={messages.general.couldNotLoad}
        retryLabel={C.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (data.users.length === 0) {
    body = (
      <EmptyPanel
        testId="coaching-empty"
        text={C.empty}
        hint={C.emptyHint}
        action={
          <Anchor component={Link} to={{ search: '' }} size="sm">
            {C.emptyAction}
          </Anchor>
        }
      />
    );
  } else {
    body = (
      <Paper withBorder radius="lg" p="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <OverviewTable users={data.users} />
        {data.totalPages > 1 && (
          <Group justify="space-between" px="sm" py="xs">
            <Text size="sm" c="dimmed">
              {C.pageOf(page, data.totalPages)}
            </Text>
            <Pagination total={data.totalPages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Select
        label={C.team}
        w={260}
        data={[{ value: ALL, label: C.allTeams }, ...teams.map((t) => ({ value: t.id, label: t.name }))]}
        value={teamId ?? ALL}
        onChange={(value) => {
          setTeamId(!value || value === ALL ? null : value);
          setPage(1);
        }}
        allowDeselect={false}
      />
      {body}
    </Stack>
  );
}
