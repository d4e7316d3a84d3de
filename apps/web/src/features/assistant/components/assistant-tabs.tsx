import type { Admin, AssistantTab } from '@agaton/contracts';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
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
        {/* Eight tabs do not fit one line beside the sidebar: they wrap rather than hide off-screen. */}
        <Tabs.List mb="lg" style={{ flexWrap: 'wrap' }}>
          {visible.map((t) => (
            <Tabs.Tab key={t} value={t} style={{ flexShrink: 0 }}>
              {L.tabs[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {visible.map((t) => (
          <Tabs.Panel key={t} value={t}>
            {panels[t]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
