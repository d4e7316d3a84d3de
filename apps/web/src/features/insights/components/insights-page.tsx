import { INSIGHTS_MIN_SESSIONS, messages } from '@agaton/contracts';
import { Center, Loader, Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyPanel, PanelError, RecordMeetingAction } from '../../../components/ui/page-states';
import { ScrollTabsList } from '../../../components/ui/scroll-tabs-list';
import { useInsights } from '../api/insights-api';
import { INSIGHTS_TABS, type InsightsTab, INSIGHTS_TEXTS as T } from '../texts';
import { hasEnoughSessions, toChartPoints } from '../utils/insights-data';
import { MasteryTab } from './mastery-tab';
import { OverviewTab } from './overview-tab';
import { ClarityTab, ConfidenceTab, FluencyTab, IntelligibilityTab, PronunciationTab } from './skill-tabs';

const PANELS = {
  overview: OverviewTab,
  clarity: ClarityTab,
  pronunciation: PronunciationTab,
  fluency: FluencyTab,
  intelligibility: IntelligibilityTab,
  confidence: ConfidenceTab,
  mastery: MasteryTab,
} as const;

const TAB_KEYS = Object.keys(INSIGHTS_TABS) as InsightsTab[];

/** /coach/insights: seven tabs of trends across the coach's analysed sessions. */
export function InsightsPage() {
  const query = useInsights();
  const [tab, setTab] = useState<InsightsTab>('overview');
  const points = useMemo(() => (query.data ? toChartPoints(query.data.sessions) : []), [query.data]);
  const insights = query.data;

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Center py={80} role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  } else if (!insights) {
    body = (
      <PanelError
        message={messages.general.couldNotLoad}
        retryLabel={T.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!hasEnoughSessions(insights)) {
    body = (
      <EmptyPanel
        testId="insights-empty"
        text={T.empty}
        hint={T.emptyHint(INSIGHTS_MIN_SESSIONS, insights.sessions.length)}
        action={<RecordMeetingAction label={T.recordMeeting} />}
      />
    );
  } else {
    const Panel = PANELS[tab];
    body = (
      <Tabs value={tab} onChange={(value) => value && setTab(value as InsightsTab)}>
        <ScrollTabsList mb="md">
          {TAB_KEYS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {INSIGHTS_TABS[key]}
            </Tabs.Tab>
          ))}
        </ScrollTabsList>
        <Tabs.Panel value={tab}>
          <Panel insights={insights} points={points} />
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <>
      <PageHeader
        title={T.title}
        description={
          insights && hasEnoughSessions(insights) ? T.basedOn(insights.sessions.length) : T.description
        }
      />
      {body}
    </>
  );
}
