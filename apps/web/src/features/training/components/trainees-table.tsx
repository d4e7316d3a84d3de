import type { Candidate } from '@agaton/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SelectableTable } from '../../../components/ui/selectable-table';
import { TR_LABELS } from '../texts';
import { teamOf } from '../utils/trainees';
import { TraineeStatusPill } from './trainee-status';

const C = TR_LABELS.columns;

/** The Admin tab's trainees: a checkbox per row (for invitations), name, e-mail, team and status. */
export function TraineesTable({
  rows,
  selected,
  onSelectedChange,
  personHref,
}: {
  rows: Candidate[];
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  personHref: (userId: string) => string;
}) {
  return (
    <SelectableTable
      rows={rows}
      rowId={(c) => c.identityId}
      selected={selected}
      onSelectedChange={onSelectedChange}
      selectAllLabel={TR_LABELS.selectAll}
      selectRowLabel={(c) => TR_LABELS.selectRow(c.name)}
      minWidth={640}
      testId="trainees-table"
      rowProps={(c) => ({ 'data-testid': 'trainee-row', 'data-email': c.email })}
      columns={[
        {
          key: 'name',
          header: C.name,
          phone: 'title',
          cell: (c) => (
            <Anchor component={Link} to={personHref(c.identityId)} fw={600} size="sm">
              {c.name}
            </Anchor>
          ),
        },
        { key: 'email', header: C.email, cell: (c) => <Text size="sm">{c.email}</Text> },
        {
          key: 'team',
          header: C.team,
          cell: (c) => (
            <Text size="sm" c={teamOf(c) ? undefined : 'dimmed'}>
              {teamOf(c) || '—'}
            </Text>
          ),
        },
        {
          key: 'status',
          header: C.status,
          td: { style: { whiteSpace: 'nowrap' } },
          cell: (c) => <TraineeStatusPill status={c.traineeInfo.traineeStatus} />,
        },
      ]}
    />
  );
}
