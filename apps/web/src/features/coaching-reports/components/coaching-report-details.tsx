import { sessionTexts } from '@agaton/contracts';
import {
  Anchor,
  Box,
  Breadcrumbs,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClock, IconListDetails } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { BlockContent } from '../../../components/ui/block-content';
import { PageHeader } from '../../../components/ui/page-header';
import { PageError } from '../../../components/ui/page-states';
import { RecommendedArticles } from '../../../components/ui/recommended-articles';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCoachingReport } from '../api/coaching-reports-api';
import { REPORT_INVENTED_TEXTS as T } from '../texts';
import { reportLength, reportScope, reportTitle } from '../utils/report-meta';

const R = sessionTexts.reports;

function ReportError({
  notFound,
  onRetry,
  retrying,
}: {
  notFound: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <PageError
      testId="report-error"
      message={notFound ? R.notFound : R.failed}
      notFound={notFound}
      back={{ to: paths.coachCoachingReports.href(), label: T.backToReports }}
      retry={{ label: T.retry, onRetry, retrying }}
    />
  );
}

/**
 * An organisation admin reading a member's report (spec 1 §6, spec 3 §2.2): the host page shows its own
 * breadcrumb and heading, and handles a failed load (the spec's toast and redirect).
 */
export interface MemberReportView {
  /** The member's identity id (or coach user id). */
  forUserId: string;
  onError: () => void;
  /** Where a per-session report's 'Open the session feedback' leads. */
  sessionHref: (sessionId: string) => string;
}

/** /coach/coaching-reports/:coachingReportId (spec 1 section 2 "Coaching reports", section 8). */
export function CoachingReportDetails({ reportId, member }: { reportId: string; member?: MemberReportView }) {
  const query = useCoachingReport(reportId, member?.forUserId);
  const report = query.data;
  const onMemberError = member?.onError;
  const failed = query.isError && !report;
  useEffect(() => {
    if (failed) onMemberError?.();
  }, [failed, onMemberError]);
  const crumbs = member ? null : (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={paths.coachCoachingReports.href()} size="sm">
        {R.breadcrumb}
      </Anchor>
      {report ? (
        <Text size="sm" c="dimmed">
          {reportTitle(report.meta)}
        </Text>
      ) : null}
    </Breadcrumbs>
  );

  const header = member ? null : <PageHeader title={R.heading} />;
  if (query.isPending) {
    return (
      <>
        {crumbs}
        {header}
        <Center py={80} role="status" aria-label="Loading">
          <Loader />
        </Center>
      </>
    );
  }
  if (!report) {
    if (member) return null;
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        {crumbs}
        {header}
        <ReportError notFound={notFound} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </>
    );
  }

  const { meta } = report;
  return (
    <>
      {crumbs}
      {header}
      <Group gap="lg" mt={member ? 0 : -8} mb="lg" data-testid="report-meta">
        <Text size="sm" c="dark.5">
          {reportScope(meta)}
        </Text>
        <Group gap={6}>
          <IconClock size={15} color="var(--mantine-color-gray-6)" />
          <Text size="sm" c="dark.5">
            {reportLength(meta)}
          </Text>
        </Group>
        {meta.type === 'PER_SESSION' && (
          <Anchor
            component={Link}
            to={
              member
                ? member.sessionHref(meta.sessionProfileId)
                : paths.coachSession.href(meta.sessionProfileId)
            }
            size="sm"
          >
            {T.openSession}
          </Anchor>
        )}
      </Group>
      <Card withBorder radius="lg" padding="xl" data-testid="coaching-summary">
        <Group gap={8} mb="lg">
          <ThemeIcon size={28} radius="md" variant="light">
            <IconListDetails size={17} />
          </ThemeIcon>
          <Title order={2} fz="xl">
            {R.summary}
          </Title>
        </Group>
        {report.blocks.length === 0 ? (
          <Text c="dimmed" size="sm">
            {T.noBlocks}
          </Text>
        ) : (
          <Stack gap="xl">
            {report.blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; blocks never reorder
              <Stack key={i} gap={8} data-testid="summary-block">
                <Title order={3} fz="md">
                  {block.header}
                </Title>
                <BlockContent content={block.content} />
              </Stack>
            ))}
          </Stack>
        )}
      </Card>
      {report.recommendedArticles?.length ? (
        <Box mt="md">
          <RecommendedArticles articles={report.recommendedArticles} />
        </Box>
      ) : null}
    </>
  );
}
