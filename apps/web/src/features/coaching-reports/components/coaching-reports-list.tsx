import { type CoachingReportsPage, sessionTexts } from '@agaton/contracts';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarStats,
  IconChevronRight,
  IconMicrophone,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { LinkCard } from '../../../components/ui/link-card';
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
            <Text fw={600}>{reportTitle(meta)}</Text>
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
      <Paper withBorder radius="lg">
        <Stack align="center" py={48} gap="sm">
          <Text role="alert" fw={600}>
            {R.failed}
          </Text>
          <Button variant="light" size="sm" onClick={() => query.refetch()} loading={query.isFetching}>
            {T.retry}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (items.length === 0) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState text={sessionTexts.sessions.empty} hint={T.emptyHint} />
        <Center pb={48} mt={-24}>
          <Button
            component={Link}
            to={paths.coachAssistant.href()}
            size="sm"
            leftSection={<IconMicrophone size={18} />}
          >
            {T.recordMeeting}
          </Button>
        </Center>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {items.map((report) => (
        <ReportRow key={report.coachingReportId} report={report} />
      ))}
      {query.isFetchNextPageError && (
        <Text role="alert" c="red.7" size="sm" ta="center">
          {R.failed}
        </Text>
      )}
      {query.hasNextPage && (
        <Center mt="sm">
          <Button
            variant="default"
            size="sm"
            onClick={() => query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {R.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
