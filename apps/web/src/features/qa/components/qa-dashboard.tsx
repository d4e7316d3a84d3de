import {
  type Admin,
  type QaDashboard as Figures,
  QA_DATE_PRESETS,
  type QaDatePreset,
} from '@agaton/contracts';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { useQaDashboard } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';
import { periodSeconds, presetPeriod } from '../utils/date-range';
import { AgentAnalysis, DataExplorer } from './agent-analysis';
import { PerformanceChart, TrendChart } from './dashboard-charts';
import { AgentPicker, TeamPicker } from './scope-pickers';

const D = L.dashboard;

function Totals({ totals }: { totals: Figures['totals'] }) {
  const cards = [
    { label: D.totals.items, value: totals.items, color: undefined },
    { label: D.totals.red, value: totals.red, color: 'red.7' },
    { label: D.totals.yellow, value: totals.yellow, color: 'yellow.8' },
    { label: D.totals.reviewed, value: totals.reviewed, color: undefined },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {cards.map((c) => (
        <Paper key={c.label} withBorder radius="lg" p="md" data-testid="qa-total-card">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {c.label}
          </Text>
          <Text fz={28} fw={700} c={c.color}>
            {c.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The browser's time zone: the trend counts hours and days as the admin sees them. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The QA Dashboard tab (spec 3 §2.5): date presets (This Week by default, weeks from Monday, ends at
 * 23:59:59), team and agent selectors, the totals, QA Item Performance and QA Performance Trend, then
 * the Data Explorer or, with an agent chosen, 'QA Analysis for <agent>' with a removable chip.
 */
export function QaDashboard(props: { admin: Admin; alertsTab: boolean; scorecardsTab: boolean }) {
  const [preset, setPreset] = useState<QaDatePreset>('This Week');
  const [teamId, setTeamId] = useState<string | null>(null);
  const [agent, setAgent] = useState<{ id: string; name: string } | null>(null);
  // The period is fixed when the preset is chosen, so refetches ask for the same seconds.
  const period = useMemo(() => presetPeriod(preset), [preset]);
  const timeZone = useMemo(browserTimeZone, []);
  const query = useQaDashboard({
    ...periodSeconds(period),
    teamId: teamId ?? undefined,
    userIds: agent?.id,
    timeZone,
  });
  const data = query.data;

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
  } else if (!data || data.totals.items === 0) {
    body = (
      <Stack gap="md">
        {agent ? (
          <AgentAnalysis agent={agent} period={period} questions={[]} onRemove={() => setAgent(null)} />
        ) : null}
        <EmptyPanel
          testId="qa-dashboard-empty"
          text={D.empty}
          hint={D.emptyHint}
          action={
            <Group>
              {props.alertsTab && (
                <Button component={Link} to={{ search: '?tab=qa-alerts' }} size="sm">
                  {D.toAlerts}
                </Button>
              )}
              {props.scorecardsTab && (
                <Button component={Link} to={{ search: '?tab=scorecards' }} size="sm" variant="light">
                  {D.toScorecards}
                </Button>
              )}
            </Group>
          }
        />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Totals totals={data.totals} />
        <PerformanceChart key={`${preset}-${teamId}-${agent?.id}`} questions={data.questionPerformance} />
        <TrendChart bucket={data.trendBucket} trend={data.trend} />
        {agent ? (
          <AgentAnalysis
            agent={agent}
            period={period}
            questions={data.questionPerformance}
            onRemove={() => setAgent(null)}
          />
        ) : (
          <DataExplorer agents={data.agents} onChoose={setAgent} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={L.filters.period}
          w={170}
          data={[...QA_DATE_PRESETS]}
          value={preset}
          onChange={(value) => value && setPreset(value as QaDatePreset)}
          allowDeselect={false}
        />
        <TeamPicker
          admin={props.admin}
          value={teamId}
          onChange={(id) => {
            setTeamId(id);
            setAgent(null);
          }}
        />
        <AgentPicker
          admin={props.admin}
          teamId={teamId}
          value={agent?.id ?? null}
          onChange={(id, name) => setAgent(id ? { id, name: name ?? '' } : null)}
        />
      </Group>
      {body}
    </Stack>
  );
}
