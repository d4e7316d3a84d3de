import { type Admin, type InsightPeriod, trainingTexts } from '@agaton/contracts';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/ui/format';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PageError } from '../../../components/ui/page-states';
import { ApiError } from '../../../lib/api-client';
import { useTrainingInsights } from '../api/training-api';
import { TR_LABELS } from '../texts';
import { insightsParamsOf, insightsSearch } from '../utils/insights-params';
import { GroupInsights } from './insight-figures';
import { InsightsFilters } from './insights-filters';
import { TraineeStatusPill } from './trainee-status';

/**
 * One trainee's insights (/dashboard/training/user/:userId, /admin/insights/:userId): a breadcrumb
 * back to the training insights, the period, and the person's figures as the cohort's are shown.
 */
export function UserInsights({
  admin,
  userId,
  backHref,
}: {
  admin: Admin;
  userId: string;
  /** The training insights this page came from, for this period. */
  backHref: (period: InsightPeriod) => string;
}) {
  const [search, setSearch] = useSearchParams();
  const { period } = insightsParamsOf(search);
  const insights = useTrainingInsights({ period, userId });
  const back = backHref(period);
  const person = insights.data?.people?.[0];

  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={back} size="sm">
        {TR_LABELS.backToInsights}
      </Anchor>
      {person ? <Text size="sm">{person.name}</Text> : null}
    </Breadcrumbs>
  );

  if (insights.isPending) return <PageLoader />;
  if (insights.isError || !person) {
    const notFound =
      !person || (insights.error instanceof ApiError && [403, 404].includes(insights.error.status));
    return (
      <Stack>
        {crumbs}
        <PageError
          message={notFound ? TR_LABELS.userNotFound : TR_LABELS.insightsFailed}
          advice={notFound ? TR_LABELS.userNotFoundHint : undefined}
          notFound={notFound}
          back={{ to: back, label: TR_LABELS.backToInsights }}
          retry={{ label: TR_LABELS.retry, onRetry: () => insights.refetch(), retrying: insights.isFetching }}
          testId="user-insights-error"
        />
      </Stack>
    );
  }

  const practised = (person.fullPeriod?.attempts ?? 0) > 0;
  return (
    <Stack gap="md">
      <div>
        {crumbs}
        <PageHeader
          title={person.name}
          description={person.email}
          actions={<TraineeStatusPill status={person.traineeStatus} />}
        />
      </div>
      <Group justify="space-between" align="flex-end">
        <InsightsFilters
          admin={admin}
          period={period}
          teamId={null}
          withTeam={false}
          onChange={(next) => setSearch(new URLSearchParams(insightsSearch(next)), { replace: true })}
        />
        <Text size="sm" c="dimmed">
          {TR_LABELS.columns.lastPractice}:{' '}
          {person.lastPracticeAt ? formatDateTime(person.lastPracticeAt) : TR_LABELS.never}
        </Text>
      </Group>
      {practised ? (
        <GroupInsights group={person} />
      ) : (
        <EmptyPanel
          text={trainingTexts.noPractice}
          hint={TR_LABELS.inviteNextHint}
          testId="insights-empty"
          action={
            <Button
              component={Link}
              to={back}
              size="sm"
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              {TR_LABELS.backToInsights}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
