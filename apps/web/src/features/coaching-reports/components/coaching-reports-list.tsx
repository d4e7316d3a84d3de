import { type CoachingReportsPage, sessionTexts } from '@agaton/contracts';
import { Badge, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarStats, IconChevronRight, IconReportAnalytics } from '@tabler/icons-react';
import { LinkCard } from '../../../components/ui/link-card';
import { EmptyPanel, LoadMore, PanelError, RecordMeetingAction } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { useCoachingReports } from '../api/coaching-reports-api';
import { REPORT_INVENTED_TEXTS as T } from '../texts';
import { reportLength, reportScope, reportTitle } from '../utils/report-meta';

const R = sessionTexts.reports;

function ReportRow({ report }: { report: CoachingReportsPage['items'][number] }) {
  const { meta } = report;
  const perPeriod = meta.type === 'PER_PERIOD';
  return (
    <LinkCard to={paths.coachCoachingReport.href(report.coachingReportId)} data-testid="report-item">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" color={perPeriod ? 'brand' : 'teal'}>
            {perPeriod ? <IconCalendarStats size={20} /> : <IconReportAnalytics size={20} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} data-testid="report-title">
              {reportTitle(meta)}
            </Text>
            <Text size="sm" c="dimmed" data-testid="report-length">
              {reportLength(meta)}
            </Text>
            <Text size="xs" c="dimmed">
              {reportScope(meta)}
            </Text>
          </Stack>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Badge variant="light" color={perPeriod ? 'brand' : 'teal'} visibleFrom="xs">
            {perPeriod ? T.periodKind : T.sessionKind}
          </Badge>
          <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
        </Group>
      </Group>
    </LinkCard>
  );
}

/** /coach/coaching-reports: the list with "Load more" (spec 1 section 2 "Coaching reports"). */
export function CoachingReportsList() {
  const query = useCoachingReports();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) {
    return (
      <Center py={64} role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <PanelError
        message={R.failed}
        retryLabel={T.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyPanel
        text={sessionTexts.sessions.empty}
        hint={T.emptyHint}
        action={<RecordMeetingAction label={T.recordMeeting} />}
      />
    );
  }
  return (
    <Stack gap="sm">
      {items.map((report) => (
        <ReportRow key={report.coachingReportId} report={report} />
      ))}
      <LoadMore
        label={R.loadMore}
        errorText={R.failed}
        failed={query.isFetchNextPageError}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => query.fetchNextPage()}
      />
    </Stack>
  );
}
