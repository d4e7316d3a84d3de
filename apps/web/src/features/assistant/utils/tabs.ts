import { ASSISTANT_TABS, type AssistantTab, visibleAssistantTabs } from '@agaton/contracts';

/** The tab shown without `?tab=` (or with one the admin may not see): Admin, which every admin has. */
export const DEFAULT_TAB: AssistantTab = 'admin';

const isTab = (value: string | null): value is AssistantTab =>
  value !== null && (ASSISTANT_TABS as readonly string[]).includes(value);

/** The tab to show for the URL's `?tab=`: a visible one as asked, otherwise the default. */
export function selectedTab(param: string | null, visible: readonly AssistantTab[]): AssistantTab {
  return isTab(param) && visible.includes(param) ? param : DEFAULT_TAB;
}

/** The tabs an admin sees, in the spec's order (spec 3 §2.1). */
export const tabsFor = visibleAssistantTabs;
