import { Checkbox, Paper } from '@mantine/core';
import { usePhone } from '../../lib/use-phone';
import { ResponsiveTable, type TableColumn } from './responsive-table';

/**
 * A bordered table with a checkbox per row and a select-all checkbox in the header (indeterminate
 * when some rows are chosen). Used by lists whose rows are acted on together (Send test, Invite users
 * to training). The selection is owned by the caller, keyed by `rowId`. On a phone the rows are cards
 * (see ResponsiveTable) under a labelled select-all checkbox.
 */
export function SelectableTable<Row>({
  rows,
  rowId,
  selected,
  onSelectedChange,
  selectAllLabel,
  selectRowLabel,
  columns,
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
  /** The columns after the checkbox column. */
  columns: TableColumn<Row>[];
  /** Extra attributes of a row (test ids, data attributes). */
  rowProps?: (row: Row) => Record<string, string | undefined>;
  minWidth: number;
  testId: string;
}) {
  const phone = usePhone();
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
  const selectAll = (
    <Checkbox
      aria-label={selectAllLabel}
      label={phone ? selectAllLabel : undefined}
      checked={allSelected}
      indeterminate={someSelected && !allSelected}
      onChange={toggleAll}
    />
  );
  const checkbox: TableColumn<Row> = {
    key: 'select',
    header: selectAll,
    phone: 'lead',
    td: { w: 44 },
    cell: (row) => (
      <Checkbox
        aria-label={selectRowLabel(row)}
        checked={selected.has(rowId(row))}
        onChange={() => toggle(rowId(row))}
      />
    ),
  };
  const table = (
    <ResponsiveTable
      rows={rows}
      rowKey={rowId}
      columns={[checkbox, ...columns]}
      minWidth={minWidth}
      testId={testId}
      highlightOnHover
      headerBg="gray.0"
      phoneHeader={selectAll}
      rowProps={(row) => ({
        ...rowProps?.(row),
        bg: selected.has(rowId(row)) ? 'var(--mantine-color-brand-0)' : undefined,
      })}
    />
  );
  // On a phone the cards carry their own borders.
  if (phone) return table;
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      {table}
    </Paper>
  );
}
