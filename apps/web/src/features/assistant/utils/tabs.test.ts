import { ASSISTANT_TABS, type AssistantTab } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { selectedTab, tabsFor } from './tabs';

describe('assistant tabs by feature (spec 3 §2.1, §6)', () => {
  it('shows only Admin to an admin without features', () => {
    expect(tabsFor({ enabledFeatures: [] })).toEqual(['admin']);
  });

  it('shows each tab for its feature, in the spec order', () => {
    const cases: [string, AssistantTab][] = [
      ['CHAT_ASSISTANT', 'chat'],
      ['COACHING_OVERVIEW', 'coaching'],
      ['QA_DASHBOARD', 'qa-dashboard'],
      ['QA_ALERTS', 'qa-alerts'],
      ['USER_MANAGEMENT', 'users'],
      ['DEVELOPMENT', 'users'],
      ['QUESTION_MANAGEMENT', 'scorecards'],
    ];
    for (const [feature, tab] of cases) {
      const tabs = tabsFor({ enabledFeatures: [feature] });
      expect(tabs, feature).toContain(tab);
      expect(tabs, feature).toHaveLength(2);
    }
    const all = tabsFor({
      enabledFeatures: [
        'QUESTION_MANAGEMENT',
        'USER_MANAGEMENT',
        'QA_ALERTS',
        'QA_DASHBOARD',
        'COACHING_OVERVIEW',
        'CHAT_ASSISTANT',
      ],
      demoDashboard: true,
    });
    expect(all).toEqual([...ASSISTANT_TABS]);
  });

  it('shows the Insights Dashboard only to allow-listed admins, whatever their features', () => {
    expect(tabsFor({ enabledFeatures: ['DEVELOPMENT'], demoDashboard: false })).not.toContain('insights');
    expect(tabsFor({ enabledFeatures: [], demoDashboard: true })).toEqual(['insights', 'admin']);
  });

  it('ignores unknown feature strings and the coach-only ones', () => {
    expect(tabsFor({ enabledFeatures: ['ASSISTANT_CHAT', 'WEB_APP_RECORDING', 'nonsense'] })).toEqual([
      'admin',
    ]);
  });

  it('keeps the tab of the URL when the admin may see it, else falls back to Admin', () => {
    const visible: AssistantTab[] = ['coaching', 'admin'];
    expect(selectedTab('coaching', visible)).toBe('coaching');
    expect(selectedTab('users', visible)).toBe('admin');
    expect(selectedTab('bogus', visible)).toBe('admin');
    expect(selectedTab(null, visible)).toBe('admin');
  });
});
