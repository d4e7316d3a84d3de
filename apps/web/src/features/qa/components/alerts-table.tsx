import type { QcItem } from '@agaton/contracts';
import {
  Anchor,
  Badge,
  Box,
  Center,
  Group,
  Select,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../components/ui/format';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table';
import { paths } from '../../../config/paths';
import { QA_LABELS as L } from '../texts';
import { nextSort, type QaSort, type QaSortField } from '../utils/flags';
import { hasOpenDispute } from '../utils/review';
import { FlagBadge } from './flag-badge';

const C = L.alerts.columns;

const text = (item: QcItem, key: string) => String(item.fields[key] ?? '');
const count = (item: QcItem, key: string) => Number(item.fields[key] ?? 0);
const sortKey = (sort: QaSort) => `${sort.field}:${sort.order}` as const;

/** A sortable column: its header is a button that sorts by it, and the header cell says how it sorts. */
function sortable(
  field: QaSortField,
  label: string,
  sort: QaSort,
  onSort: (sort: QaSort) => void,
): Pick<TableColumn<QcItem>, 'header' | 'phoneLabel' | 'th'> {
  const active = sort.field === field;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return {
    header: (
      <UnstyledButton onClick={() => onSort(nextSort(sort, field))} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Center>
            <Icon size={14} stroke={1.8} />
          </Center>
        </Group>
      </UnstyledButton>
    ),
    phoneLabel: label,
    th: { 'aria-sort': active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none' },
  };
}

/** On a phone, where there are no column headers to click, the same sorts from one list. */
function PhoneSort(props: { sort: QaSort; onSort: (sort: QaSort) => void }) {
  return (
    <Select
      label={L.alerts.sortBy}
      size="sm"
      data={Object.entries(L.alerts.sorts).map(([value, label]) => ({ value, label }))}
      value={sortKey(props.sort)}
      onChange={(value) => {
        if (!value) return;
        const [field, order] = value.split(':') as [QaSortField, QaSort['order']];
        props.onSort({ field, order });
      }}
      allowDeselect={false}
      mb="xs"
    />
  );
}

/**
 * The QA items table (spec 3 §2.4): alert time, agent, call (with a badge while an answer's dispute is
 * open), flag, red and yellow counts and the reviewed toggle; time, agent and flag sort; a row opens
 * its QA report. On a phone each item is a card headed by its call, sorted from a list above them.
 */
export function AlertsTable(props: {
  items: QcItem[];
  sort: QaSort;
  onSort: (sort: QaSort) => void;
  onReview: (item: QcItem, isReviewed: boolean) => void;
}) {
  const navigate = useNavigate();
  const { sort, onSort } = props;
  const columns: TableColumn<QcItem>[] = [
    {
      key: 'time',
      ...sortable('timestamp', C.time, sort, onSort),
      cell: (item) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(item.qcTimestamp)}
        </Text>
      ),
    },
    {
      key: 'agent',
      ...sortable('user', C.agent, sort, onSort),
      cell: (item) => <Text size="sm">{text(item, 'agentName')}</Text>,
    },
    {
      key: 'call',
      header: C.call,
      phone: 'title',
      cell: (item) => {
        const title = text(item, 'callTitle');
        return (
          <Group gap={6} wrap="wrap">
            <Anchor
              component={Link}
              to={paths.dashboardAssistantQaReport.href(item.qcItemId)}
              size="sm"
              fw={600}
              aria-label={L.alerts.open(title)}
              onClick={(e) => e.stopPropagation()}
            >
              {title}
            </Anchor>
            {hasOpenDispute(item) ? (
              <Tooltip label={L.alerts.disputedHint}>
                <Badge color="orange" variant="light" size="sm" data-testid="qa-dispute-badge">
                  {L.alerts.disputed}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
        );
      },
    },
    {
      key: 'flag',
      ...sortable('flagLevel', C.flag, sort, onSort),
      cell: (item) => <FlagBadge flag={item.flagLevel} />,
    },
    {
      key: 'red',
      header: C.red,
      td: { ta: 'right' },
      cell: (item) => <span data-testid="red-count">{count(item, 'redCount')}</span>,
    },
    {
      key: 'yellow',
      header: C.yellow,
      td: { ta: 'right' },
      cell: (item) => <span data-testid="yellow-count">{count(item, 'yellowCount')}</span>,
    },
    {
      key: 'reviewed',
      header: C.reviewed,
      cell: (item) => (
        // The toggle marks the item; it does not open the row's report.
        <Box onClick={(e) => e.stopPropagation()}>
          <Switch
            aria-label={L.alerts.markReviewed(text(item, 'callTitle'))}
            checked={item.review.isMarked}
            onChange={(e) => props.onReview(item, e.currentTarget.checked)}
          />
        </Box>
      ),
    },
  ];
  return (
    <ResponsiveTable
      rows={props.items}
      rowKey={(item) => item.qcItemId}
      columns={columns}
      minWidth={760}
      highlightOnHover
      phoneHeader={<PhoneSort sort={sort} onSort={onSort} />}
      rowProps={(item) => ({
        'data-testid': 'qa-alert-row',
        onClick: () => navigate(paths.dashboardAssistantQaReport.href(item.qcItemId)),
        style: { cursor: 'pointer' },
      })}
    />
  );
}
