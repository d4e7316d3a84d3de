import { type Admin, trainingTexts } from '@agaton/contracts';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../components/ui/format';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { useTrainingInsights } from '../api/training-api';
import { TR_LABELS } from '../texts';
import { insightsParamsOf, insightsSearch } from '../utils/insights-params';
import { ChallengingList, FigureCards, PopularTopics } from './insight-figures';
import classes from './insights-report.module.css';
import { PeopleTable } from './people-table';

/**
 * /admin/insights/report: the cohort's figures for the period on one printable page (the period and
 * team come from the address, as the Insights tab links here), with Print.
 */
export function InsightsReport({
  admin,
  backHref,
  personHref,
}: {
  admin: Admin;
  backHref: string;
  personHref: (userId: string) => string;
}) {
  const [search] = useSearchParams();
  const params = insightsParamsOf(search);
  const insights = useTrainingInsights(params);
  const team =
    admin.organizationInfo.managedTeams.find((t) => t.id === params.teamId)?.name ?? TR_LABELS.allTeams;
  const back = `${backHref}${insightsSearch(params, { tab: 'insights' })}`;
  const range = insights.data?.period;
  const dates = range
    ? `${range.from ? formatDate(range.from) : '…'} – ${formatDate(new Date(new Date(range.to).getTime() - 1))}`
    : '';

  return (
    <Stack gap="md" className={classes.report}>
      <Breadcrumbs className={classes.noPrint}>
        <Anchor component={Link} to={back} size="sm">
          {TR_LABELS.backToInsights}
        </Anchor>
        <Text size="sm">{TR_LABELS.reportTitle}</Text>
      </Breadcrumbs>
      <PageHeader
        title={TR_LABELS.reportTitle}
        description={`${admin.organizationInfo.name} · ${TR_LABELS.reportFor(TR_LABELS.periods[params.period], team)}${dates ? ` · ${dates}` : ''}`}
        actions={
          <Button
            className={classes.noPrint}
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
          >
            {TR_LABELS.print}
          </Button>
        }
      />
      {insights.isPending ? (
        <PageLoader />
      ) : insights.isError ? (
        <PanelError
          message={TR_LABELS.insightsFailed}
          retryLabel={TR_LABELS.retry}
          onRetry={() => insights.refetch()}
          retrying={insights.isFetching}
        />
      ) : !insights.data.cohort?.fullPeriod?.attempts ? (
        <EmptyPanel
          text={trainingTexts.noPractice}
          hint={TR_LABELS.inviteNextHint}
          action={
            <Button component={Link} to={back} size="sm" variant="default" className={classes.noPrint}>
              {TR_LABELS.backToInsights}
            </Button>
          }
          testId="insights-empty"
        />
      ) : (
        <>
          <FigureCards figures={insights.data.cohort.fullPeriod} />
          <Group grow align="stretch" className={classes.lists}>
            <ChallengingList
              title={TR_LABELS.challengingWords}
              items={insights.data.cohort.fullPeriod.challengingWords}
            />
            <ChallengingList
              title={TR_LABELS.challengingSounds}
              items={insights.data.cohort.fullPeriod.challengingPhonemes}
              sounds
            />
            <PopularTopics topics={insights.data.cohort.fullPeriod.popularTopics} />
          </Group>
          {insights.data.people?.length ? (
            <PeopleTable people={insights.data.people} personHref={personHref} />
          ) : null}
        </>
      )}
      <Text size="xs" c="dimmed">
        {TR_LABELS.generated(formatDateTime(new Date()))}
      </Text>
    </Stack>
  );
}
