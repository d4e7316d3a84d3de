import type { Admin, AssistantTab } from '@agaton/contracts';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ScrollTabsList } from '../../../components/ui/scroll-tabs-list';
import { ASSISTANT_LABELS as L } from '../texts';
import { DEFAULT_TAB, selectedTab, tabsFor } from '../utils/tabs';
import { ContactSalesBanner } from './contact-sales-banner';

/**
 * The assistant dashboard (spec 3 §2.1): the contact-sales banner, then the tabs the admin's features
 * allow, in the spec's order. The chosen tab lives in the URL (`?tab=`), so links and reloads keep it.
 * Each tab's content is one component the route hands in; only the visible ones are mounted.
 */
export function AssistantTabs({ admin, panels }: { admin: Admin; panels: Record<AssistantTab, ReactNode> }) {
  const [params, setParams] = useSearchParams();
  const visible = tabsFor(admin);
  const tab = selectedTab(params.get('tab'), visible);
  return (
    <>
      <PageHeader title={L.pageTitle} description={L.pageDescription} />
      <ContactSalesBanner admin={admin} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (!value) return;
          setParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true });
        }}
        keepMounted={false}
      >
        {/* Narrower padding: eight tabs fit one line beside the sidebar at 1366 px; below, they scroll. */}
        <ScrollTabsList mb="lg">
          {visible.map((t) => (
            <Tabs.Tab key={t} value={t} px="sm" style={{ flexShrink: 0 }}>
              {L.tabs[t]}
            </Tabs.Tab>
          ))}
        </ScrollTabsList>
        {visible.map((t) => (
          <Tabs.Panel key={t} value={t}>
            {panels[t]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
