import type { QcItem } from '@agaton/contracts';
import { Anchor, Badge, Center, Group, Switch, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../components/ui/format';
import { paths } from '../../../config/paths';
import { QA_LABELS as L } from '../texts';
import type { QaSort, QaSortField } from '../utils/flags';
import { hasOpenDispute } from '../utils/review';
import { FlagBadge } from './flag-badge';

const C = L.alerts.columns;

function SortableTh(props: {
  field: QaSortField;
  sort: QaSort;
  onSort: (field: QaSortField) => void;
  children: ReactNode;
}) {
  const active = props.sort.field === props.field;
  const Icon = !active ? IconSelector : props.sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (props.sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => props.onSort(props.field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {props.children}
          <Center>
            <Icon size={14} stroke={1.8} />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

const text = (item: QcItem, key: string) => String(item.fields[key] ?? '');
const count = (item: QcItem, key: string) => Number(item.fields[key] ?? 0);

/**
 * The QA items table (spec 3 §2.4): alert time, agent, call (with a badge while an answer's dispute is
 * open), flag, red and yellow counts and the reviewed toggle; time, agent and flag sort; a row opens its QA report.
 */
export function AlertsTable(props: {
  items: QcItem[];
  sort: QaSort;
  onSort: (field: QaSortField) => void;
  onReview: (item: QcItem, isReviewed: boolean) => void;
}) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="timestamp" sort={props.sort} onSort={props.onSort}>
              {C.time}
            </SortableTh>
            <SortableTh field="user" sort={props.sort} onSort={props.onSort}>
              {C.agent}
            </SortableTh>
            <Table.Th>{C.call}</Table.Th>
            <SortableTh field="flagLevel" sort={props.sort} onSort={props.onSort}>
              {C.flag}
            </SortableTh>
            <Table.Th ta="right">{C.red}</Table.Th>
            <Table.Th ta="right">{C.yellow}</Table.Th>
            <Table.Th>{C.reviewed}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((item) => {
            const href = paths.dashboardAssistantQaReport.href(item.qcItemId);
            const title = text(item, 'callTitle');
            return (
              <Table.Tr
                key={item.qcItemId}
                data-testid="qa-alert-row"
                onClick={() => navigate(href)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.qcTimestamp)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{text(item, 'agentName')}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Anchor
                      component={Link}
                      to={href}
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
                </Table.Td>
                <Table.Td>
                  <FlagBadge flag={item.flagLevel} />
                </Table.Td>
                <Table.Td ta="right" data-testid="red-count">
                  {count(item, 'redCount')}
                </Table.Td>
                <Table.Td ta="right" data-testid="yellow-count">
                  {count(item, 'yellowCount')}
                </Table.Td>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Switch
                    aria-label={L.alerts.markReviewed(title)}
                    checked={item.review.isMarked}
                    onChange={(e) => props.onReview(item, e.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
