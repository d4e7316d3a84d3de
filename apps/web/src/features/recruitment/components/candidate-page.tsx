import { type ChallengeMeta, candidateTestStatus } from '@agaton/contracts';
import {
  Anchor,
  Button,
  Card,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { formatDate, formatDateTime } from '../../../components/ui/format';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { paths } from '../../../config/paths';
import { usePhone } from '../../../lib/use-phone';
import { useCandidates } from '../api/recruitment-api';
import { RT_LABELS } from '../texts';
import { TestCode, TestStatusPill } from './test-status';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </Stack>
  );
}

/**
 * Every test sent to the candidate: a bordered table on a wide screen; on a phone one card per test,
 * headed by when it was sent, with its code, status, completion, CEFR and report link.
 */
function TestsTable({ userId, challenges }: { userId: string; challenges: ChallengeMeta[] }) {
  const phone = usePhone();
  const table = (
    <ResponsiveTable
      rows={challenges}
      rowKey={(c) => c.id}
      minWidth={680}
      headerBg="gray.0"
      testId="candidate-tests"
      rowProps={() => ({ 'data-testid': 'candidate-test' })}
      columns={[
        {
          key: 'sent',
          header: RT_LABELS.sentAt,
          phone: 'title',
          cell: (c) =>
            phone ? (
              <Text size="sm" fw={600}>
                {RT_LABELS.sentAt} {formatDateTime(c.createTime)}
              </Text>
            ) : (
              <Text size="sm">{formatDateTime(c.createTime)}</Text>
            ),
        },
        {
          key: 'code',
          header: RT_LABELS.columns.code,
          cell: (c) => <TestCode code={c.code} used={Boolean(c.completedAt)} />,
        },
        {
          key: 'status',
          header: RT_LABELS.columns.status,
          cell: (c) => <TestStatusPill status={candidateTestStatus(c)} />,
        },
        {
          key: 'completed',
          header: RT_LABELS.completed,
          cell: (c) => <Text size="sm">{c.completedAt ? formatDate(c.completedAt) : '—'}</Text>,
        },
        {
          key: 'cefr',
          header: RT_LABELS.cefr,
          cell: (c) => (
            <Text size="sm" fw={700}>
              {c.resultCefr ?? '—'}
            </Text>
          ),
        },
        {
          key: 'report',
          header: <VisuallyHidden>{RT_LABELS.openReport}</VisuallyHidden>,
          // On a phone the link is a line of its own at the card's foot.
          phone: 'full',
          td: { ta: 'right' },
          cell: (c) =>
            c.completedAt ? (
              <Anchor component={Link} to={paths.dashboardTestReport.href(userId, c.id)} size="sm" fw={600}>
                {RT_LABELS.openReport}
              </Anchor>
            ) : null,
        },
      ]}
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

/**
 * /dashboard/test/user/:userId: the candidate (name, email, team, position, level) and every test
 * sent to them; only completed tests open a report. Unknown candidates go back to the English Test.
 */
export function CandidatePage({ userId }: { userId: string | undefined }) {
  const candidates = useCandidates();
  const home = paths.dashboardTest.href();
  if (!userId) return <Navigate to={home} replace />;
  if (candidates.isPending) {
    return (
      <Center py={80} role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (candidates.isError) {
    return (
      <PanelError
        message={RT_LABELS.loadFailed}
        retryLabel={RT_LABELS.retry}
        onRetry={() => candidates.refetch()}
        retrying={candidates.isFetching}
      />
    );
  }
  const candidate = candidates.data.find((c) => c.identityId === userId);
  if (!candidate) return <Navigate to={home} replace />;
  const challenges = [...candidate.recruitInfo.challengesMeta].sort((a, b) =>
    b.createTime.localeCompare(a.createTime),
  );
  return (
    <>
      <PageHeader
        title={candidate.name}
        actions={
          <Button component={Link} to={home} variant="default" leftSection={<IconArrowLeft size={18} />}>
            {RT_LABELS.backToTest}
          </Button>
        }
      />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="xl" data-testid="candidate-details">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="lg">
            <Field label={RT_LABELS.name} value={candidate.name} />
            <Field label={RT_LABELS.email} value={candidate.email} />
            <Field label={RT_LABELS.department} value={candidate.department} />
            <Field label={RT_LABELS.position} value={candidate.position} />
            <Field label={RT_LABELS.candidateLevel} value={candidate.level} />
          </SimpleGrid>
        </Card>
        <Title order={2} fz="lg">
          {RT_LABELS.candidateTests}
        </Title>
        {challenges.length === 0 ? (
          <EmptyPanel text={RT_LABELS.noTests} />
        ) : (
          <TestsTable userId={candidate.identityId} challenges={challenges} />
        )}
      </Stack>
    </>
  );
}
