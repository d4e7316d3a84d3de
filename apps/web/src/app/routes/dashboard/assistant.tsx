import { type AssistantTab, visibleAssistantTabs } from '@agaton/contracts';
import type { ReactNode } from 'react';
import { AssistantTabs } from '../../../features/assistant/components/assistant-tabs';
import { CoachingOverview } from '../../../features/assistant/components/coaching-overview';
import { DemoDashboard } from '../../../features/assistant/components/demo-dashboard';
import { ChatPage } from '../../../features/chat/components/chat-page';
import { MembersPanel } from '../../../features/org-admin/components/members-panel';
import { TeamsPanel } from '../../../features/org-admin/components/teams-panel';
import { QaAlerts } from '../../../features/qa/components/qa-alerts';
import { QaDashboard } from '../../../features/qa/components/qa-dashboard';
import { ScorecardManagement } from '../../../features/scorecards/components/scorecard-management';
import { useDashboardAdmin } from './layout';

/** /dashboard/assistant — the Agaton assistant's tabs (spec 3 §2.1); one component per tab. */
export default function DashboardAssistantRoute() {
  const admin = useDashboardAdmin();
  const tabs = visibleAssistantTabs(admin);
  const panels: Record<AssistantTab, ReactNode> = {
    chat: <ChatPage userType="ADMIN" devTools={admin.enabledFeatures.includes('DEVELOPMENT')} />,
    coaching: <CoachingOverview admin={admin} />,
    insights: <DemoDashboard />,
    'qa-dashboard': (
      <QaDashboard
        admin={admin}
        alertsTab={tabs.includes('qa-alerts')}
        scorecardsTab={tabs.includes('scorecards')}
      />
    ),
    'qa-alerts': <QaAlerts admin={admin} scorecardsTab={tabs.includes('scorecards')} />,
    admin: <MembersPanel admin={admin} />,
    users: <TeamsPanel admin={admin} />,
    scorecards: <ScorecardManagement />,
  };
  return <AssistantTabs admin={admin} panels={panels} />;
}
