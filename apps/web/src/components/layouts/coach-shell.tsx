import { goalTexts, type User } from '@agaton/contracts';
import {
  IconBook,
  IconChartLine,
  IconHistory,
  IconMessageChatbot,
  IconMicrophone,
  IconReportAnalytics,
  IconSchool,
  IconTarget,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { type CoachNavKey, coachNavItems, trialBanner } from '../../lib/navigation';
import { ShellFrame, type ShellNavItem } from './shell-frame';
import { TrialBanner } from './trial-banner';
import { UserBlock } from './user-block';

const icons: Record<CoachNavKey, ShellNavItem['icon']> = {
  chat: IconMessageChatbot,
  sessions: IconHistory,
  coaching: IconReportAnalytics,
  record: IconMicrophone,
  practice: IconSchool,
};

/**
 * Coach area frame: feature-gated menu, the user block with logout (and 'Your goals' in its menu
 * when `onEditGoals` is given) and the trial banner. `extraItems` are entries the layout adds from
 * data (Call reviews, once the coach has a reviewed call), after the spec's items.
 */
export function CoachShell({
  user,
  onLogout,
  onEditGoals,
  extraItems = [],
  children,
}: {
  user: User;
  onLogout: () => void;
  onEditGoals?: () => void;
  extraItems?: ShellNavItem[];
  children: ReactNode;
}) {
  const items = [
    ...coachNavItems(user.enabledFeatures).map((item) => ({ ...item, icon: icons[item.key] })),
    ...extraItems,
    // Beyond the spec's four items: the learner's trends and reading, reachable from anywhere.
    { key: 'insights', label: 'Insights', to: paths.coachInsights.href(), icon: IconChartLine },
    { key: 'learning', label: 'Learning', to: paths.coachLearning.href(), icon: IconBook },
  ];
  return (
    <ShellFrame
      home={paths.coach.href()}
      items={items}
      banner={<TrialBanner state={trialBanner(user.plan)} upgradeTo={paths.coachPricing.href()} />}
      footer={
        <UserBlock
          name={user.firstName || user.email}
          email={user.email}
          onLogout={onLogout}
          actions={
            onEditGoals ? [{ label: goalTexts.yourGoals, icon: IconTarget, onClick: onEditGoals }] : []
          }
        />
      }
    >
      {children}
    </ShellFrame>
  );
}
