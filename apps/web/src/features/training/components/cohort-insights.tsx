import { type Admin, trainingTexts } from '@agaton/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { useTrainingInsights } from '../api/training-api';
import { TR_LABELS } from '../texts';
import { insightsParamsOf, insightsSearch } from '../utils/insights-params';
import { GroupInsights } from './insight-figures';
import { InsightsFilters } from './insights-filters';
import { PeopleTable } from './people-table';

/**
 * The Insights tab (spec 2 §2, spec 3 §3.9): period and team, the cohort's figures, day chart,
 * challenging words and sounds, popular topics, then each trainee linking to their own insights.
 */
export function CohortInsights({
  admin,
  personHref,
  reportHref,
  inviteAction,
}: {
  admin: Admin;
  /** Where a trainee's row leads (the dashboard's or /admin's user insights). */
  personHref: (userId: string) => string;
  /** The printable report's path (query added here). */
  reportHref: string;
  /** The next step when nobody practised: invite users. */
  inviteAction: ReactNode;
}) {
  const [search, setSearch] = useSearchParams();
  const params = insightsParamsOf(search);
  const insights = useTrainingInsights(params);
  const query = insightsSearch(params);

  let body: ReactNode;
  if (insights.isPending) body = <PageLoader />;
  else if (insights.isError) {
    body = (
      <PanelError
        message={TR_LABELS.insightsFailed}
        retryLabel={TR_LABELS.retry}
        onRetry={() => insights.refetch()}
        retrying={insights.isFetching}
      />
    );
  } else {
    const { cohort, people } = insights.data;
    const practised = (cohort?.fullPeriod?.attempts ?? 0) > 0;
    body = (
      <Stack gap="md" style={{ opacity: insights.isPlaceholderData ? 0.6 : 1 }}>
        {practised && cohort ? (
          <GroupInsights group={cohort} />
        ) : (
          <EmptyPanel
            text={trainingTexts.noPractice}
            hint={TR_LABELS.inviteNextHint}
            action={inviteAction}
            testId="insights-empty"
          />
        )}
        {people && people.length > 0 ? (
          <PeopleTable
            people={people}
            personHref={(id) => `${personHref(id)}${insightsSearch({ period: params.period })}`}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <InsightsFilters
          admin={admin}
          period={params.period}
          teamId={params.teamId}
          onChange={(next) =>
            setSearch(
              (prev) => {
                const merged = new URLSearchParams(prev);
                merged.delete('period');
                merged.delete('team');
                for (const [k, v] of new URLSearchParams(insightsSearch(next))) merged.set(k, v);
                return merged;
              },
              { replace: true },
            )
          }
        />
        <Button
          component={Link}
          to={`${reportHref}${query}`}
          variant="default"
          leftSection={<IconPrinter size={16} />}
        >
          {TR_LABELS.openReport}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
