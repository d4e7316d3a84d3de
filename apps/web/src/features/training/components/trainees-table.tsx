import type { Candidate } from '@agaton/contracts';
import { Anchor, Table, Text } from '@mantine/core';
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
      headers={
        <>
          <Table.Th>{C.name}</Table.Th>
          <Table.Th>{C.email}</Table.Th>
          <Table.Th>{C.team}</Table.Th>
          <Table.Th>{C.status}</Table.Th>
        </>
      }
      cells={(c) => (
        <>
          <Table.Td>
            <Anchor component={Link} to={personHref(c.identityId)} fw={600} size="sm">
              {c.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{c.email}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={teamOf(c) ? undefined : 'dimmed'}>
              {teamOf(c) || '—'}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <TraineeStatusPill status={c.traineeInfo.traineeStatus} />
          </Table.Td>
        </>
      )}
    />
  );
}
