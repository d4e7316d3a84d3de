import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SelectableTable } from '../../../components/ui/selectable-table';
import { paths } from '../../../config/paths';
import { RT_LABELS } from '../texts';
import type { CandidateRow } from '../utils/candidate-rows';
import { TestCode, TestStatusPill } from './test-status';

const C = RT_LABELS.columns;

/**
 * The English Test list: a checkbox per row (for Send test), name linking to the candidate's page,
 * email, department, status pill, test code and result (the CEFR of a completed test, linking to its
 * report; only completed challenges open a report). On a phone each candidate is a card.
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
  return (
    <SelectableTable
      rows={rows}
      rowId={(r) => r.candidate.identityId}
      selected={selected}
      onSelectedChange={onSelectedChange}
      selectAllLabel={RT_LABELS.selectAll}
      selectRowLabel={(r) => RT_LABELS.selectRow(r.candidate.name)}
      minWidth={760}
      testId="candidates-table"
      rowProps={(r) => ({ 'data-testid': 'candidate-row', 'data-email': r.candidate.email })}
      columns={[
        {
          key: 'name',
          header: C.name,
          phone: 'title',
          cell: ({ candidate }) => (
            <Anchor
              component={Link}
              to={paths.dashboardTestUser.href(candidate.identityId)}
              fw={600}
              size="sm"
            >
              {candidate.name}
            </Anchor>
          ),
        },
        {
          key: 'email',
          header: C.email,
          cell: ({ candidate }) => <Text size="sm">{candidate.email}</Text>,
        },
        {
          key: 'department',
          header: C.department,
          cell: ({ candidate }) => (
            <Text size="sm" c={candidate.department ? undefined : 'dimmed'}>
              {candidate.department ?? '—'}
            </Text>
          ),
        },
        {
          key: 'status',
          header: C.status,
          td: { style: { whiteSpace: 'nowrap' } },
          cell: ({ status }) => <TestStatusPill status={status} />,
        },
        {
          key: 'code',
          header: C.code,
          td: { style: { whiteSpace: 'nowrap' } },
          cell: ({ latest }) => <TestCode code={latest?.code} used={Boolean(latest?.completedAt)} />,
        },
        {
          key: 'result',
          header: C.result,
          cell: ({ candidate, completed }) =>
            completed ? (
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
            ),
        },
      ]}
    />
  );
}
