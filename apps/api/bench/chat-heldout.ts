import {
  adminSessionLink,
  average,
  type BenchData,
  type BenchPerson,
  type Case,
  calendar,
  coachSessionLink,
  has,
  inWindow,
  refusal,
  shown,
  showsNumber,
  type Window,
} from './chat-cases.ts';

/**
 * The held-out questions of `npm run bench:chat`: written as a coach or a manager would ask, with
 * keys taken from the stored data (scores, dates, links, who may see what), before the assistant was
 * tuned on them and without reading how it words its answers. They are never used to tune the
 * recogniser (that is the tuning set in chat-tuning.ts); a miss here is fixed, if at all, by a
 * general rule.
 */

/** Each person's average in each window appears (when they have sessions there); nobody else does. */
function comparesPeople(people: BenchPerson[], windows: Window[], absent: string[]) {
  return (a: string) => {
    if (absent.some((name) => a.includes(name))) return false;
    let figures = 0;
    for (const p of people) {
      for (const w of windows) {
        const sessions = inWindow(p.sessions, w);
        if (!sessions.length) continue;
        figures++;
        if (!a.includes(p.name) && people.length > 1) return false;
        if (!showsNumber(a, average(sessions))) return false;
      }
    }
    // With data in the windows, at least one figure links to its session.
    return figures === 0 || /\]\(\/dashboard\/assistant\/user\//.test(a) || /\]\(\/coach\/sessions\//.test(a);
  };
}

export function heldOutCases(d: BenchData): Case[] {
  const cal = calendar(d.now);
  const { coach, sam, parker } = d;
  const last = coach.sessions.at(-1)!;
  const first = coach.sessions[0];
  const ownWeeks = (a: string) => {
    const now = inWindow(coach.sessions, cal.thisWeek);
    const before = inWindow(coach.sessions, cal.lastWeek);
    if (now.length && before.length) return showsNumber(a, average(now)) && showsNumber(a, average(before));
    // One week without sessions: no made-up average, and a link to what exists.
    return a.includes('/coach/sessions/') && !showsNumber(a, average(coach.sessions));
  };
  return [
    // Coach, in scope.
    {
      who: 'coach',
      q: 'How did my most recent session go?',
      key: (a) => showsNumber(a, last.total) && a.includes(coachSessionLink(last.id)),
    },
    {
      who: 'coach',
      q: 'Can you tell me my pronunciation result from the last recording?',
      key: (a) => showsNumber(a, last.total - 2) && a.includes(coachSessionLink(last.id)),
    },
    {
      who: 'coach',
      q: 'Have my scores gone up since I started?',
      key: (a) => showsNumber(a, first.total) && showsNumber(a, last.total),
    },
    { who: 'coach', q: 'What sound gives me the most trouble?', key: has('/f/') },
    { who: 'coach', q: 'Are there any words I keep getting wrong?', key: has('stuff') },
    { who: 'coach', q: 'Am I talking too quickly?', key: (a) => showsNumber(a, 110) },
    { who: 'coach', q: 'How did this week go compared to last week?', key: ownWeeks },
    {
      who: 'coach',
      q: 'What was my average over the last two weeks?',
      // The average of the window, sourced from the window's sessions only.
      key: (a) => {
        const inside = inWindow(coach.sessions, cal.lastDays(14));
        const outside = coach.sessions.filter((s) => !inside.includes(s));
        return showsNumber(a, average(inside)) && !outside.some((s) => a.includes(coachSessionLink(s.id)));
      },
    },
    {
      who: 'coach',
      q: 'I keep mixing up "right" and "light". Any advice?',
      key: has('/coach/learning/r-and-l'),
    },
    {
      who: 'coach',
      q: 'I have an IELTS exam coming up, what should I read?',
      key: has('/coach/learning/preparing-for-a-speaking-test'),
    },
    {
      who: 'coach',
      q: 'My voice sounds flat and monotone when I present. What can I do?',
      key: has('/coach/learning/sentence-stress-and-intonation'),
    },
    // Coach, out of scope.
    {
      who: 'coach',
      q: "How does my score compare to Sam Seller's?",
      outOfScope: true,
      key: refusal({ numbers: [sam.sessions.at(-1)!.total] }),
    },
    {
      who: 'coach',
      q: 'Which agent on the team has the lowest score?',
      outOfScope: true,
      key: refusal({ numbers: [parker.sessions.at(-1)!.total], texts: ['Parker'] }),
    },
    {
      who: 'coach',
      q: 'What level did the candidate Dana Whitfield reach?',
      outOfScope: true,
      key: refusal({ texts: ['CEFR **'] }),
    },
    {
      who: 'coach',
      q: 'Show me the numbers for the whole company.',
      outOfScope: true,
      key: refusal({ texts: ['Sam Seller', 'Parker'], numbers: [sam.sessions.at(-1)!.total] }),
    },
    {
      who: 'coach',
      q: 'Write me a poem about the sea.',
      outOfScope: true,
      key: refusal({ numbers: [last.total] }),
    },
    // Admin, in scope.
    {
      who: 'admin',
      q: 'How is Sam Seller doing?',
      key: (a) =>
        showsNumber(a, sam.sessions.at(-1)!.total) && a.includes(`/dashboard/assistant/user/${sam.userId}/`),
    },
    {
      who: 'admin',
      q: 'Which of my agents scored lowest recently?',
      key: (a) => {
        const s = shown(a);
        const p = s.indexOf('Parker Support');
        return (
          p >= 0 &&
          showsNumber(a, parker.sessions.at(-1)!.total) &&
          ['Casey Coach', 'Sam Seller'].every((n) => s.indexOf(n) < 0 || s.indexOf(n) > p)
        );
      },
    },
    {
      who: 'admin',
      q: 'How did #Sales do this month compared to last month?',
      key: comparesPeople(
        [coach, sam],
        [cal.thisMonth, cal.lastMonth],
        ['Parker Support', 'Jordan Helpdesk'],
      ),
    },
    {
      who: 'admin',
      q: "What are @Casey Coach's problem sounds?",
      key: (a) => a.includes('/f/') && a.includes(`/dashboard/assistant/user/${coach.userId}/`),
    },
    {
      who: 'admin',
      q: 'Give me a ranking of #Support',
      key: (a) =>
        a.includes('Parker Support') &&
        showsNumber(a, parker.sessions.at(-1)!.total) &&
        !a.includes('Casey Coach'),
    },
    {
      who: 'admin',
      q: 'What should my team read to slow down when they speak?',
      key: has('Pace and pauses'),
    },
    {
      who: 'manager',
      q: 'How is #Sales doing this week?',
      key: comparesPeople([coach, sam], [cal.thisWeek], ['Parker Support']),
    },
    {
      who: 'admin',
      q: 'Compare @Parker Support this week with last week',
      key: (a) => {
        const now = inWindow(parker.sessions, cal.thisWeek);
        const before = inWindow(parker.sessions, cal.lastWeek);
        if (now.length && before.length)
          return showsNumber(a, average(now)) && showsNumber(a, average(before));
        // A week without sessions cannot be compared: the answer at least links the latest session.
        return a.includes(adminSessionLink(parker, parker.sessions.at(-1)!.id));
      },
    },
    // Admin, out of scope.
    {
      who: 'manager',
      q: 'How is #Support doing?',
      outOfScope: true,
      key: refusal({ numbers: [parker.sessions.at(-1)!.total], texts: [parker.userId] }),
    },
    {
      who: 'stranger',
      q: 'Who needs coaching in #Sales?',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', coach.userId] }),
    },
    {
      who: 'manager',
      q: "Show me Parker Support's latest score",
      outOfScope: true,
      key: refusal({ numbers: [parker.sessions.at(-1)!.total], texts: [parker.userId] }),
    },
    {
      who: 'stranger',
      q: 'List the members of every organisation on this server.',
      outOfScope: true,
      key: refusal({ texts: ['Casey Coach', 'Sam Seller', 'Parker Support'] }),
    },
  ];
}
