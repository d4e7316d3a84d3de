import type { AssistantTab } from '@agaton/contracts';

/**
 * Labels of the assistant area that the spec does not fix (its own texts are `ASSISTANT_TEXTS` in
 * @agaton/contracts); tests import both. Tab names are the spec's (3 §2.1).
 */
export const ASSISTANT_LABELS = {
  pageTitle: 'Agaton assistant',
  pageDescription:
    'Coach your teams, review their calls and manage the people of your organisation in one place.',
  tabs: {
    chat: 'Ask Agaton',
    coaching: 'Coaching',
    insights: 'Insights Dashboard',
    'qa-dashboard': 'QA Dashboard',
    'qa-alerts': 'QA Alerts',
    admin: 'Admin',
    users: 'User Management',
    scorecards: 'Scorecard Management',
  } satisfies Record<AssistantTab, string>,
  banner: {
    text: 'Want the assistant for more of your teams, or call QA on your own scorecards?',
    action: 'Contact sales',
    planName: 'Agaton assistant',
  },
  later: {
    'qa-dashboard': {
      text: 'No QA results to chart yet',
      hint: 'The QA Dashboard will chart how your team scores on each scorecard question, and its trend over time, once calls are analysed against your scorecards.',
    },
    'qa-alerts': {
      text: 'No QA alerts yet',
      hint: 'QA Alerts will list the calls where an agent missed a High or Medium severity question, with the moment in the call, so you can review them.',
    },
    scorecards: {
      text: 'No scorecards to manage',
      hint: 'Scorecard Management will hold your scorecards and the questions calls are reviewed against.',
    },
  },
  laterAction: 'Open Coaching',
  laterActionNoCoaching: 'Open Admin',
  coaching: {
    team: 'Team',
    allTeams: 'All Teams',
    columns: { user: 'User', last: 'Last Feedback Sent', total: 'Total Feedback Sent' },
    empty: 'No team members to show',
    emptyHint:
      'Members appear here once they are in a team you manage. Add people and teams on the Admin tab, then switch their Coaching on.',
    emptyAction: 'Open Admin',
    loadFailed: 'Could not load data. Please try again',
    retry: 'Retry',
    noName: 'No name',
    open: (name: string) => `Open ${name}'s coaching`,
    pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  },
  user: {
    breadcrumb: 'Coaching',
    reportTitle: 'Coaching report',
    sessionTitle: 'Coaching session',
    history: 'History',
    historyPlaceholder: 'Pick a date',
    weekOf: (day: string) => `week of ${day}`,
    sessionOf: (when: string) => `session of ${when}`,
    otherView: { report: 'Sessions', session: 'Coaching reports' },
    noReports: (name: string) => `${name} has no coaching reports yet`,
    noSessions: (name: string) => `${name} has no sessions yet`,
    noCoachAccount:
      'They do not use the coach app yet. Reports appear after their first recorded meeting is analysed.',
    noReportsHint: 'Reports are written when one of their recorded meetings has been analysed.',
    noSessionsHint: 'Sessions appear here when they record a meeting in the coach app.',
    back: 'Back to Coaching',
  },
  demo: {
    sample: 'Sample data',
    intro:
      'A demonstration of the insights drawn from sales calls, with sample telecom content. It does not read your organisation’s calls.',
    callCategorization: 'Call Categorization',
    commonObjections: 'Common Objections',
    churnReasons: 'Churn Reasons',
    calls: 'Calls',
    mentions: 'Mentions',
    share: 'Share of churned customers',
  },
} as const;

/**
 * Static sample content of the Insights Dashboard (spec 3 §2.6: "static charts … sample telecom
 * sales-call content"). Shown labelled as sample data, never as the organisation's figures.
 */
export const DEMO_DASHBOARD_SAMPLE = {
  callCategorization: [
    { category: 'New mobile plan', calls: 412 },
    { category: 'Plan upgrade', calls: 318 },
    { category: 'Home broadband', calls: 264 },
    { category: 'Billing question', calls: 197 },
    { category: 'Device financing', calls: 143 },
    { category: 'Cancellation', calls: 96 },
  ],
  commonObjections: [
    { objection: 'Price too high', mentions: 231 },
    { objection: 'Locked into a contract', mentions: 158 },
    { objection: 'Coverage in my area', mentions: 122 },
    { objection: 'Happy with current provider', mentions: 104 },
    { objection: 'Need to ask my partner', mentions: 77 },
    { objection: 'Device not in stock', mentions: 41 },
  ],
  churnReasons: [
    { name: 'Better offer elsewhere', value: 34, color: 'indigo.6' },
    { name: 'Network coverage', value: 22, color: 'teal.6' },
    { name: 'Billing surprises', value: 18, color: 'orange.6' },
    { name: 'Customer service', value: 14, color: 'red.6' },
    { name: 'Moving abroad', value: 7, color: 'gray.6' },
    { name: 'Other', value: 5, color: 'yellow.6' },
  ],
} as const;
