import { CHAT_LIMITS, CHAT_TEXTS } from '@agaton/contracts';

/** Ask Agaton's texts: the spec's (from the contracts) and the labels of our screens. */
export const CHAT = {
  ...CHAT_TEXTS,
  ...CHAT_LIMITS,
  title: 'Ask Agaton',
  threads: 'Conversations',
  newThread: 'New conversation',
  untitled: 'New conversation',
  composerPlaceholder: 'Ask Agaton about your speaking…',
  composerPlaceholderAdmin: 'Ask about your team… (@ for agents, # for teams)',
  send: 'Send',
  stop: 'Stop',
  help: 'Help',
  examplesTitle: 'Try asking',
  thinking: 'Agaton is thinking…',
  stopped: 'Stopped.',
  thumbsUp: 'Good answer',
  thumbsDown: 'Bad answer',
  feedbackTitle: 'What was wrong with this answer?',
  feedbackComment: 'Tell us more (optional)',
  feedbackSubmit: 'Send feedback',
  feedbackCancel: 'Cancel',
  feedbackThanks: 'Thank you for your feedback.',
  diagnostics: 'Diagnostics',
  assistantId: 'Assistant id',
  diagnosticMessages: 'Messages',
  diagnosticRuns: 'Run steps',
  noMessages: 'No conversations yet.',
  helpCoach: ['Agaton answers from your own analysed sessions, coaching reports and goals. For example:'],
  helpAdmin: 'Agaton answers from the agents, teams and candidates you manage.',
  /** Spec 1 §6: admins may tag agents with @ and teams with #. */
  helpAdminMentions: (agent: string, team: string) =>
    `Tag an agent with @ (for example @${agent}) and a team with # (for example #${team}) to ask about them: type @ or # and pick a name from the list.`,
  helpAdminExamples: 'For example:',
  mentionPeople: 'Agents',
  mentionTeams: 'Teams',
  examplesCoach: [
    'What was my score in my last session?',
    'Which sounds should I practise this week?',
    'Compare this week with last week.',
    'How fast do I speak, and how many filler words do I use?',
    'How can I improve my fluency?',
  ],
} as const;

/**
 * An admin's example questions, with an agent and a team of their own scope when they have them
 * (an example naming a team they do not manage would only be refused).
 */
export function adminExamples(agent?: string, team?: string): string[] {
  return [
    'Who needs coaching this week?',
    ...(team
      ? [`Who needs coaching in #${team}?`, `How did #${team} do this month compared to last month?`]
      : []),
    ...(agent ? [`Which sounds should @${agent} practise?`] : []),
    'Any QA red flags last week?',
    'Show the English test results.',
  ];
}
