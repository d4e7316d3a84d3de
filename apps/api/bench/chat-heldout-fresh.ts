import {
  average,
  type BenchData,
  type Case,
  calendar,
  coachSessionLink,
  has,
  inWindow,
  periodsShown,
  refusal,
  shown,
  showsNumber,
} from './chat-cases.ts';

/**
 * The second held-out set of `npm run bench:chat`, written after the first held-out set had been
 * used to find gaps (so that one is no longer independent). Keys come from the stored data only.
 * Nothing in the assistant is changed because of a miss here: its figure is the honest measure of
 * questions the recogniser has not seen.
 */

/** `first` is named before `second` (or `second` is absent). */
const before = (a: string, first: string, second: string) => {
  const s = shown(a);
  const i = s.indexOf(first);
  const j = s.indexOf(second);
  return i >= 0 && (j < 0 || i < j);
};

export function heldOutFreshCases(d: BenchData): Case[] {
  const cal = calendar(d.now);
  const { coach, sam, parker } = d;
  const last = coach.sessions.at(-1)!;
  const previous = coach.sessions.at(-2)!;
  const thisWeek = inWindow(coach.sessions, cal.thisWeek);
  const lastFive = coach.sessions.slice(-5);
  return [
    // Coach, in scope.
    {
      who: 'coach',
      q: 'Was my last meeting better than the one before?',
      key: (a) => showsNumber(a, last.total) && showsNumber(a, previous.total),
    },
    {
      who: 'coach',
      q: 'Give me my fluency for the latest session',
      key: (a) => showsNumber(a, last.total + 2),
    },
    {
      who: 'coach',
      q: 'How many words per minute did I manage last time?',
      key: (a) => showsNumber(a, 110) && a.includes(coachSessionLink(last.id)),
    },
    { who: 'coach', q: 'Which consonant should I focus on?', key: has('/f/') },
    {
      who: 'coach',
      q: 'Show my results from this week',
      key: (a) =>
        thisWeek.length === 0 ||
        ((showsNumber(a, average(thisWeek)) || thisWeek.every((s) => showsNumber(a, s.total))) &&
          thisWeek.every((s) => a.includes(coachSessionLink(s.id)))),
    },
    { who: 'coach', q: 'Where can I learn about word stress?', key: has('/coach/learning/word-stress') },
    { who: 'coach', q: 'How do I stop rushing when I talk?', key: has('/coach/learning/pace-and-pauses') },
    { who: 'coach', q: "What's my lowest scoring word?", key: (a) => /\b(stuff|if)\b/.test(a) },
    {
      who: 'coach',
      q: 'Did my overall score change between last week and this week?',
      key: periodsShown(coach.sessions, [cal.lastWeek, cal.thisWeek]),
    },
    // Coach, out of scope.
    {
      who: 'coach',
      q: 'What did Parker Support score?',
      outOfScope: true,
      key: refusal({ numbers: [parker.sessions.at(-1)!.total] }),
    },
    {
      who: 'coach',
      q: 'Rank the people in Sales',
      outOfScope: true,
      key: refusal({ texts: ['Sam Seller'], numbers: [sam.sessions.at(-1)!.total] }),
    },
    { who: 'coach', q: 'Show me the QA flags for my calls', outOfScope: true, key: refusal({}) },
    {
      who: 'coach',
      q: "What's the weather in Paris tomorrow?",
      outOfScope: true,
      key: refusal({ numbers: [last.total] }),
    },
    // Admin, in scope.
    {
      who: 'admin',
      q: "What was Casey Coach's fluency in the last session?",
      key: (a) => showsNumber(a, last.total + 2) && a.includes(`/dashboard/assistant/user/${coach.userId}/`),
    },
    {
      who: 'admin',
      q: 'Who has the lowest score in #Sales?',
      key: (a) =>
        before(a, 'Casey Coach', 'Sam Seller') && showsNumber(a, average(lastFive)) && !a.includes('Parker'),
    },
    {
      who: 'admin',
      q: 'Give me the speaking pace of #Support',
      key: (a) =>
        showsNumber(a, 110) &&
        a.includes(`/dashboard/assistant/user/${parker.userId}/`) &&
        !a.includes('Casey'),
    },
    {
      who: 'admin',
      q: 'Compare @Sam Seller last month with this month',
      key: periodsShown(sam.sessions, [cal.lastMonth, cal.thisMonth]),
    },
    { who: 'admin', q: 'Which words does @Parker Support struggle with?', key: has('stuff') },
    {
      who: 'manager',
      q: 'Who on my team needs the most help?',
      key: (a) => a.includes('Casey Coach') && !a.includes('Parker'),
    },
    // Admin, out of scope.
    {
      who: 'manager',
      q: 'Compare #Support this week with last week',
      outOfScope: true,
      key: refusal({ texts: ['Parker', parker.userId] }),
    },
    {
      who: 'stranger',
      q: "What's @Sam Seller's pace?",
      outOfScope: true,
      key: refusal({ numbers: [110], texts: [sam.userId] }),
    },
    {
      who: 'admin',
      q: 'Show me the scores of Alex Unknown',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', 'Sam Seller', 'Parker Support'] }),
    },
    {
      who: 'stranger',
      q: 'How is Casey Coach doing?',
      outOfScope: true,
      key: refusal({ numbers: [last.total], texts: [coach.userId] }),
    },
  ];
}
