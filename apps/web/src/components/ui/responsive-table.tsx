import {
  Box,
  Group,
  type MantineSpacing,
  Paper,
  Stack,
  Table,
  type TableProps,
  type TableTdProps,
  type TableThProps,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from '../../lib/use-phone';

/** One column of a {@link ResponsiveTable}. */
export interface TableColumn<Row> {
  key: string;
  /** The header cell; on a phone, the label beside the value (none: the value alone). */
  header?: ReactNode;
  /** On a phone, the label beside the value when the header is a control (a sort button). */
  phoneLabel?: ReactNode;
  cell: (row: Row) => ReactNode;
  /**
   * On a phone: `lead` sits before the title (a row's checkbox), `title` heads the row's card, `full`
   * is a line of its own without its label; any other column is a labelled line.
   */
  phone?: 'lead' | 'title' | 'full';
  /** Props of the column's cells on a wide screen (alignment, width, wrapping). */
  td?: TableTdProps;
  /** On a wide screen the column's cells are its rows' headers (`th scope="row"`), not data cells. */
  rowHeader?: boolean;
  /** Props of the column's header cell on a wide screen (`aria-sort`). */
  th?: TableThProps & { 'aria-sort'?: 'ascending' | 'descending' | 'none' };
}

/** Attributes a row (or its card) carries: test ids, data attributes, a click. */
export type RowProps = Record<string, unknown>;

/**
 * A table on a wide screen; on a phone one card per row, so no column hides off-screen behind a
 * sideways scroll. The columns are written once and drawn either way.
 */
export function ResponsiveTable<Row>({
  rows,
  rowKey,
  columns,
  minWidth,
  testId,
  rowProps,
  highlightOnHover,
  withHeader = true,
  headerBg,
  phoneHeader,
  cardsPadding,
  verticalSpacing = 'sm',
}: {
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  columns: TableColumn<Row>[];
  /** The table's width below which it scrolls sideways on a wide screen. */
  minWidth?: number;
  /** The table's (or the cards' list) test id. */
  testId?: string;
  rowProps?: (row: Row) => RowProps;
  highlightOnHover?: boolean;
  /** Whether the wide table shows its header row. */
  withHeader?: boolean;
  /** The header row's background on a wide screen. */
  headerBg?: string;
  /** Shown above the cards on a phone (a select-all checkbox). */
  phoneHeader?: ReactNode;
  /** Space around the cards on a phone, when the table sits in a bordered box without padding. */
  cardsPadding?: MantineSpacing;
  /** The wide table's space above and below each row's text (default `sm`). */
  verticalSpacing?: TableProps['verticalSpacing'];
}) {
  const phone = usePhone();
  if (phone) return <RowCards {...{ rows, rowKey, columns, testId, rowProps, phoneHeader, cardsPadding }} />;
  return (
    <Table.ScrollContainer minWidth={minWidth ?? 0}>
      <Table verticalSpacing={verticalSpacing} highlightOnHover={highlightOnHover} data-testid={testId}>
        {withHeader && (
          <Table.Thead bg={headerBg}>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.td?.w} ta={c.td?.ta} {...c.th}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={rowKey(row, i)} {...rowProps?.(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  // A data cell's props suit a header cell but for the Styles API keys, typed per part.
                  <Table.Th key={c.key} scope="row" {...(c.td as TableThProps)}>
                    {c.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.key} {...c.td}>
                    {c.cell(row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards<Row>({
  rows,
  rowKey,
  columns,
  testId,
  rowProps,
  phoneHeader,
  cardsPadding,
}: {
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  columns: TableColumn<Row>[];
  testId?: string;
  rowProps?: (row: Row) => RowProps;
  phoneHeader?: ReactNode;
  cardsPadding?: MantineSpacing;
}) {
  const lead = columns.filter((c) => c.phone === 'lead');
  const title = columns.filter((c) => c.phone === 'title');
  const lines = columns.filter((c) => !c.phone || c.phone === 'full');
  return (
    <Stack gap="xs" p={cardsPadding} data-testid={testId}>
      {phoneHeader}
      {rows.map((row, i) => (
        <Paper key={rowKey(row, i)} withBorder radius="md" p="sm" {...rowProps?.(row)}>
          {(lead.length > 0 || title.length > 0) && (
            <Group gap="sm" wrap="nowrap" align="flex-start" mb={lines.length ? 'xs' : 0}>
              {lead.map((c) => (
                <Box key={c.key} pt={2}>
                  {c.cell(row)}
                </Box>
              ))}
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                {title.map((c) => (
                  <Box key={c.key}>{c.cell(row)}</Box>
                ))}
              </Stack>
            </Group>
          )}
          <Stack gap={6}>
            {lines.map((c) =>
              (c.phoneLabel ?? c.header) && c.phone !== 'full' ? (
                <Group key={c.key} justify="space-between" gap="sm" wrap="nowrap">
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.phoneLabel ?? c.header}
                  </Text>
                  <Box ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c.cell(row)}
                  </Box>
                </Group>
              ) : (
                <Box key={c.key}>{c.cell(row)}</Box>
              ),
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
