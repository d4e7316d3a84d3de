import type { Candidate } from '@agaton/contracts';
import { Anchor, Checkbox, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
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
  const ids = rows.map((r) => r.identityId);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const someSelected = ids.some((id) => selected.has(id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    for (const id of ids) {
      if (allSelected) next.delete(id);
      else next.add(id);
    }
    onSelectedChange(next);
  };
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="trainees-table">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={44}>
                <Checkbox
                  aria-label={TR_LABELS.selectAll}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={toggleAll}
                />
              </Table.Th>
              <Table.Th>{C.name}</Table.Th>
              <Table.Th>{C.email}</Table.Th>
              <Table.Th>{C.team}</Table.Th>
              <Table.Th>{C.status}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr
                key={c.identityId}
                data-testid="trainee-row"
                data-email={c.email}
                bg={selected.has(c.identityId) ? 'var(--mantine-color-brand-0)' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={TR_LABELS.selectRow(c.name)}
                    checked={selected.has(c.identityId)}
                    onChange={() => toggle(c.identityId)}
                  />
                </Table.Td>
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
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
