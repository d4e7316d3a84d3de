import { messages, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Logo } from '../../../../components/ui/logo';
import { PageHeader } from '../../../../components/ui/page-header';
import { PageError } from '../../../../components/ui/page-states';
import { paths } from '../../../../config/paths';
import { ApiError, isNotFoundError } from '../../../../lib/api-client';
import { type AdminChallenge, useChallenge } from '../../api/recruitment-api';
import { useDownloadReport } from '../../hooks/use-download-report';
import { RT_LABELS } from '../../texts';
import classes from './report.module.css';
import { TestReport } from './test-report';

export type ReportVariant = 'dashboard' | 'print' | 'profile';

function DownloadButton({ userId, challenge }: { userId: string; challenge: AdminChallenge }) {
  const download = useDownloadReport();
  return (
    <Button
      leftSection={<IconDownload size={18} />}
      loading={download.isPending}
      onClick={() =>
        download.mutate({
          userId,
          challengeId: challenge.id,
          candidateName: challenge.candidateName,
          completedAt: challenge.completedAt,
        })
      }
    >
      {RT_LABELS.downloadReport}
    </Button>
  );
}

/**
 * The print document: logo and organisation name on top, no buttons; `data-print-ready` is set once
 * the report and the fonts are rendered, which the server's Chromium waits for before printing.
 */
function PrintDocument(props: { organisationName: string; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const fonts =
      typeof document !== 'undefined' && document.fonts ? document.fonts.ready : Promise.resolve();
    fonts.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Box
      className={classes.document}
      data-testid="print-document"
      data-print-ready={ready ? 'true' : undefined}
    >
      <Group
        justify="space-between"
        mb="lg"
        pb="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Logo to={null} size={26} />
        <Text fw={600} c="dimmed" data-testid="print-organisation">
          {RT_LABELS.preparedFor(props.organisationName)}
        </Text>
      </Group>
      {props.children}
    </Box>
  );
}

/**
 * The candidate report page (spec 2 §2) in one of three frames: the dashboard (back and Download
 * report), the print document and the candidate profile. Redirects to the English Test when an id is
 * missing, the challenge is unknown or has no results; says so when its results do not parse.
 */
export function ReportPage({
  userId,
  challengeId,
  variant,
  organisationName = '',
}: {
  userId: string | undefined;
  challengeId: string | undefined;
  variant: ReportVariant;
  organisationName?: string;
}) {
  const query = useChallenge(challengeId);
  const home = paths.dashboardTest.href();
  const back =
    variant === 'dashboard' && userId
      ? { to: paths.dashboardTestUser.href(userId), label: RT_LABELS.back }
      : { to: home, label: RT_LABELS.backToTest };

  if (!userId || !challengeId) return <Navigate to={home} replace />;
  if (query.isPending) {
    return (
      <Center py={80} role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    // Unknown (404) or malformed (400) ids: there are no results to show.
    if (isNotFoundError(query.error)) {
      return <Navigate to={home} replace />;
    }
    return (
      <PageError
        message={query.error instanceof ApiError ? query.error.message : messages.general.fallback}
        back={back}
        retry={{ label: RT_LABELS.retry, onRetry: () => query.refetch(), retrying: query.isFetching }}
      />
    );
  }
  const challenge = query.data;
  if (challenge.resultsInvalid) {
    return (
      <PageError
        message={RECRUITMENT_TEXTS.parseResultsFailed}
        notFound
        back={back}
        retry={{ label: RT_LABELS.retry, onRetry: () => query.refetch(), retrying: query.isFetching }}
        testId="report-parse-error"
      />
    );
  }
  if (!challenge.results || !challenge.completedAt) return <Navigate to={home} replace />;

  const report = <TestReport challenge={challenge} results={challenge.results} print={variant === 'print'} />;
  if (variant === 'print') return <PrintDocument organisationName={organisationName}>{report}</PrintDocument>;
  return (
    <>
      <PageHeader
        title={variant === 'profile' ? RT_LABELS.profileTitle : RT_LABELS.reportTitle}
        actions={
          <Group gap="sm">
            <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowLeft size={18} />}>
              {back.label}
            </Button>
            <DownloadButton userId={userId} challenge={challenge} />
          </Group>
        }
      />
      {report}
    </>
  );
}
