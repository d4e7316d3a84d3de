import {
  adminSessionLink,
  average,
  type BenchData,
  type Case,
  calendar,
  coachSessionLink,
  has,
  inWindow,
  periodsShown,
  refusal,
  showsNumber,
} from './chat-cases.ts';

/**
 * The fourth held-out set of `npm run bench:chat`, written (issue 15, before the recogniser was
 * changed to classify by sentence embeddings) from the kinds of questions the spec's examples and help
 * texts invite: paraphrases, typos, short and long forms, two intents in one question, and refusals
 * (out of scope, another organisation, other people for a coach, another team for a manager). Keys
 * come from the stored data only. Never used to change the assistant.
 */

export function heldOut4Cases(d: BenchData): Case[] {
  const cal = calendar(d.now);
  const { coach, sam, parker } = d;
  const last = coach.sessions.at(-1)!;
  const first = coach.sessions[0];
  const twoWeeks = inWindow(coach.sessions, cal.lastDays(14));
  const samLast = sam.sessions.at(-1)!;
  const parkerLast = parker.sessions.at(-1)!;
  const userLink = (p: BenchData['coach']) => `/dashboard/assistant/user/${p.userId}/`;
  const noSessionLinks = ['/dashboard/assistant/user/', '/coach/sessions/'];
  return [
    // Coach, in scope.
    {
      who: 'coach',
      q: 'hows my latest sesion score',
      key: (a) => showsNumber(a, last.total) && a.includes(coachSessionLink(last.id)),
    },
    { who: 'coach', q: 'score?', key: (a) => showsNumber(a, last.total) },
    {
      who: 'coach',
      q: "I'd like to know how well I pronounced things in my most recent recording",
      key: (a) => showsNumber(a, last.total - 2),
    },
    { who: 'coach', q: 'fluency last time', key: (a) => showsNumber(a, last.total + 2) },
    {
      who: 'coach',
      q: 'Have I made any progress since I started?',
      key: (a) => showsNumber(a, first.total) && showsNumber(a, last.total),
    },
    {
      who: 'coach',
      q: 'Are my numbers trending upward or downward?',
      key: (a) => showsNumber(a, first.total) && showsNumber(a, last.total),
    },
    { who: 'coach', q: 'What sound trips me up the most?', key: has('/f/') },
    { who: 'coach', q: 'wich words do i get rong', key: (a) => /\b(stuff|if)\b/.test(a) },
    { who: 'coach', q: 'Do I talk too quickly?', key: (a) => showsNumber(a, 110) },
    {
      who: 'coach',
      q: 'How many times did I say um or like in my last call?',
      key: (a) => showsNumber(a, 0) && a.includes(coachSessionLink(last.id)),
    },
    {
      who: 'coach',
      q: 'What was my average over the past two weeks?',
      key: (a) => !twoWeeks.length || showsNumber(a, average(twoWeeks)),
    },
    {
      who: 'coach',
      q: 'Compare my first session with my latest one',
      key: (a) => showsNumber(a, first.total) && showsNumber(a, last.total),
    },
    {
      who: 'coach',
      q: 'How did this week go compared with the previous one?',
      key: periodsShown(coach.sessions, [cal.thisWeek, cal.lastWeek]),
    },
    {
      who: 'coach',
      q: "I keep saying 'tree' when I mean 'three', any help?",
      key: has('/coach/learning/the-two-th-sounds'),
    },
    {
      who: 'coach',
      q: 'give me something to read about sounding less monotone',
      key: has('/coach/learning/sentence-stress-and-intonation'),
    },
    {
      who: 'coach',
      q: "What's my score and which sounds should I work on?",
      key: (a) => showsNumber(a, last.total) && a.includes('/f/'),
    },
    {
      who: 'coach',
      q: 'I had a call yesterday and felt it went badly. Could you tell me what overall score the system gave me for it?',
      key: (a) => showsNumber(a, last.total) && a.includes(coachSessionLink(last.id)),
    },
    // Coach, out of scope.
    {
      who: 'coach',
      q: "How does my score compare to Sam's?",
      outOfScope: true,
      key: refusal({ numbers: sam.sessions.map((s) => s.total), texts: ['Sam Seller'] }),
    },
    {
      who: 'coach',
      q: 'Show me the team leaderboard',
      outOfScope: true,
      key: refusal({ numbers: [samLast.total, parkerLast.total], texts: ['Sam Seller', 'Parker'] }),
    },
    {
      who: 'coach',
      q: 'which agents in sales need coaching',
      outOfScope: true,
      key: refusal({ texts: ['Sam Seller', 'Riley Rep'] }),
    },
    { who: 'coach', q: "What's the weather like in London tomorrow?", outOfScope: true, key: refusal({}) },
    {
      who: 'coach',
      q: "Give me Parker's pronunciation score",
      outOfScope: true,
      key: refusal({ numbers: [parkerLast.total, parkerLast.total - 2] }),
    },
    {
      who: 'coach',
      q: '@Sam Seller score',
      outOfScope: true,
      key: refusal({ numbers: [samLast.total], texts: noSessionLinks }),
    },
    // Admin, in scope.
    { who: 'admin', q: 'who should I coach first?', key: (a) => a.includes('Parker Support') },
    {
      who: 'admin',
      q: 'which of my agents are doing worst',
      key: (a) => a.includes('Parker Support') && showsNumber(a, parkerLast.total),
    },
    {
      who: 'admin',
      q: 'how is sam seller doing',
      key: (a) => showsNumber(a, samLast.total) && a.includes(userLink(sam)),
    },
    {
      who: 'admin',
      q: '@Sam Seller trend',
      key: (a) => showsNumber(a, sam.sessions[0].total) && showsNumber(a, samLast.total),
    },
    {
      who: 'admin',
      q: 'what sounds does #Support struggle with',
      key: (a) => a.includes('/f/') && a.includes(userLink(parker)) && !a.includes('Casey Coach'),
    },
    {
      who: 'admin',
      q: 'speaking speed of @Casey Coach last session',
      key: (a) => showsNumber(a, 110) && a.includes(adminSessionLink(coach, last.id)),
    },
    {
      who: 'admin',
      q: 'were there any calls flagged in QA this month?',
      key: (a) => /\bno\b/i.test(a) && !a.includes('/qa-report/'),
    },
    {
      who: 'admin',
      q: 'Has Charlie Candidate finished the English test?',
      key: (a) => a.includes('Charlie Candidate'),
    },
    {
      who: 'admin',
      q: 'Compare Sales and Support this month',
      key: (a) => a.includes(userLink(coach)) && a.includes(userLink(parker)),
    },
    {
      who: 'admin',
      q: 'How did Casey Coach do last week vs this week?',
      key: periodsShown(coach.sessions, [cal.lastWeek, cal.thisWeek]),
    },
    {
      who: 'manager',
      q: 'who in my team is falling behind?',
      key: (a) => a.includes('Casey Coach') && !a.includes('Parker'),
    },
    {
      who: 'manager',
      q: 'Sam Sellers filler words',
      key: (a) => showsNumber(a, 0) && a.includes(userLink(sam)),
    },
    {
      who: 'admin',
      q: "What's @Parker Support's pronunciation like, and how can they improve it?",
      key: (a) => showsNumber(a, parkerLast.total - 2) && a.includes(userLink(parker)),
    },
    {
      who: 'admin',
      q: 'average score of everyone this month',
      key: has('Casey Coach', 'Sam Seller', 'Parker Support'),
    },
    // Admin, out of scope.
    {
      who: 'manager',
      q: 'how is #Support doing?',
      outOfScope: true,
      key: refusal({ numbers: [parkerLast.total], texts: ['Parker Support', userLink(parker)] }),
    },
    {
      who: 'manager',
      q: "Parker Support's last session",
      outOfScope: true,
      key: refusal({ numbers: [parkerLast.total], texts: [userLink(parker)] }),
    },
    {
      who: 'stranger',
      q: 'who needs coaching in #Sales',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', 'Sam Seller', userLink(coach)] }),
    },
    {
      who: 'stranger',
      q: 'How is Sam Seller doing?',
      outOfScope: true,
      key: refusal({ numbers: [samLast.total], texts: [userLink(sam)] }),
    },
    {
      who: 'admin',
      q: "show me Initech's QA flags",
      outOfScope: true,
      key: refusal({ texts: ['/qa-report/'] }),
    },
    {
      who: 'admin',
      q: 'what are the scores of users in other tenants',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', 'Sam Seller', 'Parker Support'] }),
    },
    {
      who: 'manager',
      q: 'compare Jordan Helpdesk with Sam Seller',
      outOfScope: true,
      key: refusal({ numbers: [samLast.total], texts: ['/dashboard/assistant/user/'] }),
    },
    {
      who: 'admin',
      q: 'What is the capital of France?',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', 'Sam Seller', 'Parker Support'] }),
    },
  ];
}
