import type { Admin } from '@agaton/contracts';
import { IconLanguage, IconRobot, IconSchool, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { type DashboardNavKey, dashboardNavItems } from '../../lib/navigation';
import { ShellFrame, type ShellNavItem } from './shell-frame';
import { UserBlock } from './user-block';

const icons: Record<DashboardNavKey, ShellNavItem['icon']> = {
  assistant: IconRobot,
  test: IconLanguage,
  training: IconSchool,
  settings: IconUserCircle,
};

/** Dashboard frame (spec 2 section 2): logo, assistant, English Test, learning app, My Account, logout. */
export function DashboardShell({
  admin,
  onLogout,
  children,
}: {
  admin: Admin;
  onLogout: () => void;
  children: ReactNode;
}) {
  const items = dashboardNavItems(admin.productAccess).map((item) => ({ ...item, icon: icons[item.key] }));
  return (
    <ShellFrame
      home={paths.dashboard.href()}
      items={items}
      footer={<UserBlock name={admin.name || admin.email} email={admin.email} onLogout={onLogout} />}
    >
      {children}
    </ShellFrame>
  );
}
