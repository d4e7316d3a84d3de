import { type Member, ROLE_LABELS } from '@agaton/contracts';
import { ActionIcon, Badge, Group, Switch, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconArrowMerge, IconPencil } from '@tabler/icons-react';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table';
import { ORG_LABELS } from '../texts';

type RowActionHandlers = { onEdit: (member: Member) => void; onArchive: (member: Member) => void };

/** Badges keep their whole label (a table cell would otherwise cut it to 'Licens…'). */
const NO_TRUNCATION = { flexShrink: 0, overflow: 'visible' } as const;

/**
 * The users table: User (name + email), teams, role, Coaching On/Off, licence and the row actions.
 * The actions and the Coaching switch are an owner's; without them (a manager) the table only shows.
 * On a phone each user is a card headed by their name and email, the actions at its foot.
 */
export function MembersTable(props: {
  members: Member[];
  /** Owners only: Edit user and archive on each row. */
  actions?: RowActionHandlers;
  /** Owners only: "Merge into…" on each row. */
  onMerge?: (member: Member) => void;
  /** Owners only: the Coaching switch (a manager reads On or Off). */
  onToggleCoaching?: (member: Member, on: boolean) => void;
  /** Member whose coaching switch is being saved. */
  togglingId: string | null;
}) {
  const c = ORG_LABELS.columns;
  const { actions, onMerge, onToggleCoaching } = props;
  const withActions = Boolean(actions || onMerge);
  const label = (m: Member) => m.name || m.email;
  const columns: TableColumn<Member>[] = [
    {
      key: 'user',
      header: c.user,
      phone: 'title',
      cell: (m) => (
        <>
          <Text fw={600} size="sm" c={m.name ? undefined : 'dimmed'}>
            {m.name || ORG_LABELS.noName}
          </Text>
          <Text size="xs" c="dimmed">
            {m.email}
          </Text>
        </>
      ),
    },
    {
      key: 'teams',
      header: c.teams,
      cell: (m) => (
        <Group gap={4}>
          {m.teams.length === 0 ? (
            <Text size="sm" c="dimmed">
              {ORG_LABELS.noTeams}
            </Text>
          ) : (
            m.teams.map((t) => (
              <Badge key={t.teamId} variant="light" tt="none" style={NO_TRUNCATION}>
                {t.teamRole === 'MANAGER' ? `${t.teamName} · ${ROLE_LABELS.MANAGER}` : t.teamName}
              </Badge>
            ))
          )}
        </Group>
      ),
    },
    { key: 'role', header: c.role, cell: (m) => <Text size="sm">{ROLE_LABELS[m.orgRole]}</Text> },
    {
      key: 'coaching',
      header: c.coaching,
      cell: (m) =>
        onToggleCoaching ? (
          <Switch
            aria-label={ORG_LABELS.coachingToggle(label(m))}
            checked={m.hasLicense}
            disabled={m.isArchived || props.togglingId === m.astridIdentityId}
            label={m.hasLicense ? ORG_LABELS.on : ORG_LABELS.off}
            onChange={(e) => onToggleCoaching(m, e.currentTarget.checked)}
          />
        ) : (
          <Text size="sm" data-testid="coaching">
            {m.hasLicense ? ORG_LABELS.on : ORG_LABELS.off}
          </Text>
        ),
    },
    {
      key: 'license',
      header: c.license,
      cell: (m) =>
        m.isArchived ? (
          <Badge color="gray" variant="outline" tt="none" style={NO_TRUNCATION}>
            {ORG_LABELS.archived}
          </Badge>
        ) : (
          <Badge color={m.hasLicense ? 'teal' : 'gray'} variant="light" tt="none" style={NO_TRUNCATION}>
            {m.hasLicense ? ORG_LABELS.licensed : ORG_LABELS.noLicense}
          </Badge>
        ),
    },
  ];
  if (withActions) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>{c.actions}</VisuallyHidden>,
      // On a phone the buttons are a line of their own at the foot of the card, without a label.
      phone: 'full',
      cell: (m) => <RowActions member={m} label={label(m)} actions={actions} onMerge={onMerge} />,
    });
  }
  return (
    <ResponsiveTable
      rows={props.members}
      rowKey={(m) => m.astridIdentityId}
      columns={columns}
      minWidth={760}
      highlightOnHover
      rowProps={() => ({ 'data-testid': 'member-row' })}
    />
  );
}

/** Edit, archive or unarchive, and merge: an owner's actions on one row. */
function RowActions({
  member: m,
  label,
  actions,
  onMerge,
}: {
  member: Member;
  label: string;
  actions?: RowActionHandlers;
  onMerge?: (member: Member) => void;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions && (
        <Tooltip label={m.isArchived ? ORG_LABELS.archivedCannotEdit : ORG_LABELS.edit}>
          {/* A disabled button fires no events, so the tooltip hangs on a wrapper. */}
          <span>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={m.isArchived}
              aria-label={`${ORG_LABELS.edit} ${label}`}
              onClick={() => actions.onEdit(m)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </span>
        </Tooltip>
      )}
      {actions && (
        <Tooltip label={m.isArchived ? ORG_LABELS.unarchive : ORG_LABELS.archive}>
          <ActionIcon
            variant="subtle"
            size="lg"
            color={m.isArchived ? 'brand' : 'red'}
            aria-label={`${m.isArchived ? ORG_LABELS.unarchive : ORG_LABELS.archive} ${label}`}
            onClick={() => actions.onArchive(m)}
          >
            {m.isArchived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
      {onMerge && (
        <Tooltip label={ORG_LABELS.mergeInto}>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="gray"
            aria-label={ORG_LABELS.mergeAction(label)}
            onClick={() => onMerge(m)}
          >
            <IconArrowMerge size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
