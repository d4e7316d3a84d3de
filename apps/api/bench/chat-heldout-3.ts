import {
  average,
  type BenchData,
  type Case,
  calendar,
  coachSessionLink,
  has,
  inWindow,
  refusal,
  showsNumber,
} from './chat-cases.ts';

/**
 * The third held-out set of `npm run bench:chat`, written before set 2's misses were fixed and never
 * used to change the assistant. Keys come from the stored data only.
 */

export function heldOut3Cases(d: BenchData): Case[] {
  const cal = calendar(d.now);
  const { coach, sam, parker } = d;
  const last = coach.sessions.at(-1)!;
  const first = coach.sessions[0];
  const thisMonth = inWindow(coach.sessions, cal.thisMonth);
  const caseyLastWeek = inWindow(coach.sessions, cal.lastWeek);
  const samLast = sam.sessions.at(-1)!;
  return [
    // Coach, in scope.
    {
      who: 'coach',
      q: 'Tell me about my latest call',
      key: (a) => showsNumber(a, last.total) && a.includes(coachSessionLink(last.id)),
    },
    {
      who: 'coach',
      q: 'How has my pronunciation developed?',
      key: (a) =>
        (showsNumber(a, first.total) && showsNumber(a, last.total)) ||
        (showsNumber(a, first.total - 2) && showsNumber(a, last.total - 2)),
    },
    {
      who: 'coach',
      q: 'Which sounds did I get wrong in my last session?',
      key: (a) => a.includes('/f/') && a.includes(coachSessionLink(last.id)),
    },
    { who: 'coach', q: 'Am I pausing too much?', key: (a) => a.includes(coachSessionLink(last.id)) },
    {
      who: 'coach',
      q: "What's my average for this month?",
      key: (a) => !thisMonth.length || showsNumber(a, average(thisMonth)),
    },
    {
      who: 'coach',
      q: 'Help me sound clearer when I say numbers',
      key: has('/coach/learning/presenting-numbers-and-dates'),
    },
    { who: 'coach', q: "Any tips for 'v' and 'w'?", key: has('/coach/learning/v-and-w') },
    {
      who: 'coach',
      q: 'Is my speaking getting worse?',
      key: (a) => showsNumber(a, first.total) && showsNumber(a, last.total),
    },
    // Coach, out of scope.
    {
      who: 'coach',
      q: 'What score did my colleague Sam get?',
      outOfScope: true,
      key: refusal({ numbers: [samLast.total] }),
    },
    { who: 'coach', q: 'Which candidates passed the English test?', outOfScope: true, key: refusal({}) },
    {
      who: 'coach',
      q: "Tell me about Riley Rep's sessions",
      outOfScope: true,
      key: refusal({ texts: ['/coach/sessions/'] }),
    },
    {
      who: 'coach',
      q: "Who's the best speaker in the company?",
      outOfScope: true,
      key: refusal({ texts: ['Sam Seller'], numbers: [samLast.total] }),
    },
    // Admin, in scope.
    {
      who: 'admin',
      q: 'How fast does #Sales speak?',
      key: (a) =>
        showsNumber(a, 110) &&
        a.includes(`/dashboard/assistant/user/${coach.userId}/`) &&
        !a.includes('Parker'),
    },
    {
      who: 'admin',
      q: 'Has @Sam Seller improved since last month?',
      key: (a) => showsNumber(a, samLast.total) && a.includes(`/dashboard/assistant/user/${sam.userId}/`),
    },
    {
      who: 'admin',
      q: "What's the team average for #Support?",
      key: (a) =>
        showsNumber(a, parker.sessions.at(-1)!.total) &&
        a.includes(`/dashboard/assistant/user/${parker.userId}/`),
    },
    {
      who: 'admin',
      q: "What were @Casey Coach's scores last week?",
      key: (a) =>
        !caseyLastWeek.length ||
        showsNumber(a, average(caseyLastWeek)) ||
        caseyLastWeek.every((s) => showsNumber(a, s.total)),
    },
    {
      who: 'manager',
      q: "Show me Sam Seller's last session",
      key: (a) =>
        showsNumber(a, samLast.total) &&
        a.includes(`/dashboard/assistant/user/${sam.userId}/session/${samLast.id}`),
    },
    {
      who: 'admin',
      q: 'QA flags for @Parker Support',
      key: (a) => a.includes('Parker Support') && !a.includes('/qa-report/'),
    },
    // Admin, out of scope.
    {
      who: 'manager',
      q: 'What did Jordan Helpdesk score?',
      outOfScope: true,
      key: refusal({ numbers: [parker.sessions.at(-1)!.total] }),
    },
    {
      who: 'stranger',
      q: 'Compare #Sales with #Support',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', 'Parker Support', coach.userId, parker.userId] }),
    },
    {
      who: 'admin',
      q: 'Show me the scores at Globex Corp',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', 'Sam Seller'] }),
    },
  ];
}
