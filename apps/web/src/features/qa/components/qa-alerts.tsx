import { type Admin, type FlagLevel, QA_LIMITS, type QcItem } from '@agaton/contracts';
import {
  Anchor,
  Button,
  Group,
  Input,
  MultiSelect,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { type QaItemsQuery, qaKeys, useQaItems, useReviewItem } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';
import { periodSeconds, type QaPeriod, recentPeriod } from '../utils/date-range';
import { DEFAULT_SORT, FLAG_STYLE, type QaSort } from '../utils/flags';
import { AlertsTable } from './alerts-table';
import { PendingUploads } from './pending-uploads';
import { PeriodPicker } from './period-picker';
import { AgentPicker, TeamPicker } from './scope-pickers';
import { UploadCallModal } from './upload-call-modal';

const FLAG_FILTERS: FlagLevel[] = ['RED', 'YELLOW', 'GREEN', 'UNSPECIFIED'];
type ReviewedFilter = 'all' | 'no' | 'yes';
type DisputeFilter = 'all' | 'open';

interface Filters {
  period: QaPeriod | null;
  teamId: string | null;
  agentId: string | null;
  flags: FlagLevel[];
  reviewed: ReviewedFilter;
  disputes: DisputeFilter;
}

function itemsQuery(filters: Filters, sort: QaSort, page: number, pageSize: number): QaItemsQuery {
  return {
    ...(filters.period ? periodSeconds(filters.period) : {}),
    teamId: filters.teamId ?? undefined,
    userIds: filters.agentId ?? undefined,
    flagLevels: filters.flags.length ? filters.flags.join(',') : undefined,
    isReviewed: filters.reviewed === 'all' ? undefined : filters.reviewed === 'yes' ? 'true' : 'false',
    hasOpenDispute: filters.disputes === 'open' ? 'true' : undefined,
    sort: sort.field,
    order: sort.order,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}

/**
 * The QA Alerts tab (spec 3 §2.4): date range, team, agent, flag, reviewed and open-dispute filters
 * (debounced 300 ms), the QA items table with 10/20/50 rows a page, newest first, the reviewed toggle, and the
 * Upload call button; calls being analysed or failed are listed above the table (from the server).
 */
export function QaAlerts({ admin, scorecardsTab }: { admin: Admin; scorecardsTab: boolean }) {
  const initial = useMemo(() => recentPeriod(), []);
  const [filters, setFilters] = useState<Filters>({
    period: initial,
    teamId: null,
    agentId: null,
    flags: [],
    reviewed: 'all',
    disputes: 'all',
  });
  const [debounced] = useDebouncedValue(filters, QA_LIMITS.filterDebounceMs);
  const [sort, setSort] = useState<QaSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(QA_LIMITS.defaultPageSize);
  const [uploading, setUploading] = useState(false);
  const query = useQaItems(itemsQuery(debounced, sort, page, pageSize));
  const review = useReviewItem();
  const queryClient = useQueryClient();

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const onReview = (item: QcItem, isReviewed: boolean) =>
    review.mutate(
      { qcItemId: item.qcItemId, isReviewed },
      { onError: () => notifications.show({ color: 'red', message: L.reviewFailed }) },
    );

  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.totalItemCount / pageSize)) : 1;
  let body: ReactNode;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError && !query.isPlaceholderData) {
    body = (
      <PanelError
        message={L.couldNotLoad}
        retryLabel={L.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <EmptyPanel
        testId="qa-alerts-empty"
        text={L.alerts.empty}
        hint={`${L.alerts.emptyHint} ${L.alerts.emptyNoScorecard}`}
        action={
          <Group>
            <Button size="sm" leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              {L.upload.button}
            </Button>
            {scorecardsTab && (
              <Anchor component={Link} to={{ search: '?tab=scorecards' }} size="sm">
                {L.dashboard.toScorecards}
              </Anchor>
            )}
          </Group>
        }
      />
    );
  } else {
    body = (
      <Paper withBorder radius="lg" p="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <AlertsTable
          items={data.items}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          onReview={onReview}
        />
        <Group justify="space-between" px="sm" py="xs" wrap="wrap">
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="qa-total">
              {L.alerts.total(data.totalItemCount)}
            </Text>
            <Select
              aria-label={L.alerts.rowsPerPage}
              size="xs"
              w={80}
              data={QA_LIMITS.pageSizes.map(String)}
              value={String(pageSize)}
              onChange={(value) => {
                setPageSize(Number(value ?? QA_LIMITS.defaultPageSize));
                setPage(1);
              }}
              allowDeselect={false}
            />
            <Text size="sm" c="dimmed">
              {L.alerts.rowsPerPage}
            </Text>
          </Group>
          {totalPages > 1 && <Pagination total={totalPages} value={page} onChange={setPage} size="sm" />}
        </Group>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          {L.alerts.intro}
        </Text>
        <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
          {L.upload.button}
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap" gap="sm">
        {/* A cleared range means every date. */}
        <PeriodPicker initial={initial} onChange={(period) => change({ period })} clearable />
        <TeamPicker
          admin={admin}
          value={filters.teamId}
          onChange={(teamId) => change({ teamId, agentId: null })}
        />
        <AgentPicker
          admin={admin}
          teamId={filters.teamId}
          value={filters.agentId}
          onChange={(agentId) => change({ agentId })}
        />
        <MultiSelect
          label={L.filters.flags}
          placeholder={filters.flags.length ? undefined : L.filters.anyFlag}
          w={200}
          data={FLAG_FILTERS.map((f) => ({ value: f, label: FLAG_STYLE[f].label }))}
          value={filters.flags}
          onChange={(flags) => change({ flags: flags as FlagLevel[] })}
          clearable
        />
        <Input.Wrapper label={L.filters.reviewed}>
          <SegmentedControl
            display="flex"
            value={filters.reviewed}
            onChange={(reviewed) => change({ reviewed: reviewed as ReviewedFilter })}
            data={(['all', 'no', 'yes'] as const).map((v) => ({
              value: v,
              label: L.filters.reviewedOptions[v],
            }))}
          />
        </Input.Wrapper>
        <Input.Wrapper label={L.filters.disputes}>
          <SegmentedControl
            display="flex"
            value={filters.disputes}
            onChange={(disputes) => change({ disputes: disputes as DisputeFilter })}
            data={(['all', 'open'] as const).map((v) => ({ value: v, label: L.filters.disputeOptions[v] }))}
          />
        </Input.Wrapper>
      </Group>
      <PendingUploads />
      {body}
      <UploadCallModal
        admin={admin}
        opened={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => queryClient.invalidateQueries({ queryKey: qaKeys.calls() })}
      />
    </Stack>
  );
}
