import { Checkbox, Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bordered table with a checkbox per row and a select-all checkbox in the header (indeterminate
 * when some rows are chosen). Used by lists whose rows are acted on together (Send test, Invite users
 * to training). The selection is owned by the caller, keyed by `rowId`.
 */
export function SelectableTable<Row>({
  rows,
  rowId,
  selected,
  onSelectedChange,
  selectAllLabel,
  selectRowLabel,
  headers,
  cells,
  rowProps,
  minWidth,
  testId,
}: {
  rows: Row[];
  rowId: (row: Row) => string;
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  selectAllLabel: string;
  selectRowLabel: (row: Row) => string;
  /** The header cells after the checkbox column. */
  headers: ReactNode;
  /** The cells of a row after its checkbox. */
  cells: (row: Row) => ReactNode;
  /** Extra attributes of a row (test ids, data attributes). */
  rowProps?: (row: Row) => Record<string, string | undefined>;
  minWidth: number;
  testId: string;
}) {
  const ids = rows.map(rowId);
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
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={44}>
                <Checkbox
                  aria-label={selectAllLabel}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={toggleAll}
                />
              </Table.Th>
              {headers}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const id = rowId(row);
              return (
                <Table.Tr
                  key={id}
                  {...rowProps?.(row)}
                  bg={selected.has(id) ? 'var(--mantine-color-brand-0)' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={selectRowLabel(row)}
                      checked={selected.has(id)}
                      onChange={() => toggle(id)}
                    />
                  </Table.Td>
                  {cells(row)}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
