import { Anchor, Checkbox, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { RT_LABELS } from '../texts';
import type { CandidateRow } from '../utils/candidate-rows';
import { TestCode, TestStatusPill } from './test-status';

const C = RT_LABELS.columns;

/**
 * The English Test list: a checkbox per row (for Send test), name linking to the candidate's page,
 * email, department, status pill, test code and result (the CEFR of a completed test, linking to its
 * report; only completed challenges open a report).
 */
export function CandidatesTable({
  rows,
  selected,
  onSelectedChange,
}: {
  rows: CandidateRow[];
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
}) {
  const ids = rows.map((r) => r.candidate.identityId);
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
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="candidates-table">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={44}>
                <Checkbox
                  aria-label={RT_LABELS.selectAll}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={toggleAll}
                />
              </Table.Th>
              <Table.Th>{C.name}</Table.Th>
              <Table.Th>{C.email}</Table.Th>
              <Table.Th>{C.department}</Table.Th>
              <Table.Th>{C.status}</Table.Th>
              <Table.Th>{C.code}</Table.Th>
              <Table.Th>{C.result}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ candidate, latest, status, completed }) => (
              <Table.Tr
                key={candidate.identityId}
                data-testid="candidate-row"
                data-email={candidate.email}
                bg={selected.has(candidate.identityId) ? 'var(--mantine-color-brand-0)' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={RT_LABELS.selectRow(candidate.name)}
                    checked={selected.has(candidate.identityId)}
                    onChange={() => toggle(candidate.identityId)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.dashboardTestUser.href(candidate.identityId)}
                    fw={600}
                    size="sm"
                  >
                    {candidate.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{candidate.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={candidate.department ? undefined : 'dimmed'}>
                    {candidate.department ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <TestStatusPill status={status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <TestCode code={latest?.code} used={Boolean(latest?.completedAt)} />
                </Table.Td>
                <Table.Td>
                  {completed ? (
                    <Anchor
                      component={Link}
                      to={paths.dashboardTestReport.href(candidate.identityId, completed.id)}
                      fw={700}
                      size="sm"
                      aria-label={`${RT_LABELS.openReport}: ${candidate.name}, ${completed.resultCefr ?? ''}`}
                      data-testid="result-link"
                    >
                      {completed.resultCefr ?? RT_LABELS.openReport}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
