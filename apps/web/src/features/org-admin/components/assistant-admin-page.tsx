import type { Admin } from '@agaton/contracts';
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ORG_LABELS } from '../texts';
import { MembersPanel } from './members-panel';
import { TeamsPanel } from './teams-panel';

/** Features that show the User Management tab (spec 3 §2.1: development or user-management). */
export const USER_MANAGEMENT_FEATURES = ['DEVELOPMENT', 'USER_MANAGEMENT'] as const;

/**
 * The assistant area's tabs (spec 3 §2.1). Only the tabs built so far are shown: Admin always, User
 * Management for the features above; the chat, coaching and QA tabs come with issue 14.
 */
export function AssistantAdminPage({ admin }: { admin: Admin }) {
  const [params, setParams] = useSearchParams();
  const userManagement = admin.enabledFeatures.some((f) =>
    (USER_MANAGEMENT_FEATURES as readonly string[]).includes(f),
  );
  const tab = params.get('tab') === 'users' && userManagement ? 'users' : 'admin';
  return (
    <>
      <PageHeader title={ORG_LABELS.pageTitle} description={ORG_LABELS.pageDescription} />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'users' ? { tab: 'users' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="admin">{ORG_LABELS.tabAdmin}</Tabs.Tab>
          {userManagement && <Tabs.Tab value="users">{ORG_LABELS.tabUserManagement}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="admin">
          <MembersPanel admin={admin} />
        </Tabs.Panel>
        {userManagement && (
          <Tabs.Panel value="users">
            <TeamsPanel admin={admin} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
