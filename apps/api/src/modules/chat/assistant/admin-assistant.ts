import type { Candidate, ChatMention } from '@agaton/contracts';
import type { AppContext } from '../../../lib/context.ts';
import {
  type ChatScope,
  flaggedQaItems,
  reportsOf,
  type ScopedPerson,
  sessionsOfPerson,
  visibleCandidates,
  visiblePeople,
  visibleTeams,
} from '../chat-data.ts';
import { type Answer, AnswerBuilder, adminLinks, joinAnswers } from './answer-kit.ts';
import { searchArticles } from './article-search.ts';
import { suggestions } from './coach-assistant.ts';
import { groupCompare, groupOverview, groupSpeech, membersOf } from './group-answers.ts';
import { unknownNames } from './names.ts';
import { comparedPeriods, formatDay, periodsIn } from './periods.ts';
import { qaFlagsAnswer } from './qa-answers.ts';
import { isScoreType, questionParts, recogniseQuestion } from './question-types.ts';
import * as speech from './speech-answers.ts';

/** What an admin may ask (also the help popup's examples). */
export const ADMIN_SUGGESTIONS = [
  'Who needs coaching this week?',
  "What was @Name's score in their last session?",
  'Which sounds should #Team practise?',
  'Compare #Team this month with last month.',
  'Test results of a candidate (type their name).',
  'QA red flags last week.',
];

const CROSS_TENANT =
  /\b(other|another|different) (organi[sz]ations?|companies|company|tenants?|workspaces?)\b/i;

/** Mentions in the text, resolved against what the admin may see; unknown ones are kept to refuse. */
export function resolveMentions(
  text: string,
  people: ScopedPerson[],
  teams: { id: string; name: string }[],
  picked: ChatMention[] = [],
) {
  const lower = text.toLowerCase();
  /** The items whose name starts `rest` as a whole word, longest name first (several when equal). */
  const longest = <T>(rest: string, items: T[], name: (t: T) => string) => {
    const fits = items.filter((t) => {
      const n = name(t).toLowerCase();
      return n && rest.startsWith(n) && !/[\p{L}\p{N}]/u.test(rest.charAt(n.length));
    });
    const length = Math.max(0, ...fits.map((t) => name(t).length));
    return fits.filter((t) => name(t).length === length);
  };
  const found = {
    people: [] as ScopedPerson[],
    teams: [] as { id: string; name: string }[],
    unknown: [] as string[],
    /** Names typed (or picked without an id we know) that fit several people or teams. */
    ambiguous: [] as {
      sign: '@' | '#';
      name: string;
      choices: (ScopedPerson | { id: string; name: string })[];
    }[],
  };
  const add = <T>(list: T[], item: T) => {
    if (!list.includes(item)) list.push(item);
  };
  for (const m of text.matchAll(/([@#])([^\s@#]+)/g)) {
    const sign = m[1] as '@' | '#';
    const rest = lower.slice((m.index ?? 0) + 1);
    // A name picked from the list stands for the one with that id: only it, and only in scope.
    const choice = picked
      .filter((p) => p.sign === sign && rest.startsWith(p.name.toLowerCase()))
      .sort((x, y) => y.name.length - x.name.length)[0];
    if (choice) {
      const item =
        sign === '@' ? people.find((p) => p.memberId === choice.id) : teams.find((t) => t.id === choice.id);
      if (
        !item ||
        (sign === '@' ? (item as ScopedPerson).name : item.name).toLowerCase() !== choice.name.toLowerCase()
      )
        found.unknown.push(`${sign}${choice.name}`);
      else if (sign === '@') add(found.people, item as ScopedPerson);
      else add(found.teams, item as { id: string; name: string });
      continue;
    }
    const fits =
      sign === '@'
        ? (() => {
            const full = longest(rest, people, (x) => x.name);
            return full.length ? full : longest(rest, people, (x) => x.name.split(' ')[0]);
          })()
        : longest(rest, teams, (x) => x.name);
    if (fits.length > 1) {
      const name = sign === '@' ? (fits[0] as ScopedPerson).name : fits[0].name;
      const typed = rest.slice(0, name.length);
      if (!found.ambiguous.some((x) => x.sign === sign && x.name.toLowerCase() === typed))
        found.ambiguous.push({ sign, name: text.substr((m.index ?? 0) + 1, name.length), choices: fits });
    } else if (fits.length === 1) {
      if (sign === '@') add(found.people, fits[0] as ScopedPerson);
      else add(found.teams, fits[0] as { id: string; name: string });
    } else found.unknown.push(`${sign}${m[2]}`);
  }
  // A full name typed without @ counts too; one that several people share is ambiguous.
  const byName = new Map<string, ScopedPerson[]>();
  for (const p of people) {
    const n = p.name.toLowerCase();
    if (n && lower.includes(n)) byName.set(n, [...(byName.get(n) ?? []), p]);
  }
  for (const [n, same] of byName) {
    if (same.some((p) => found.people.includes(p))) continue;
    if (found.ambiguous.some((x) => x.sign === '@' && x.name.toLowerCase() === n)) continue;
    if (same.length > 1) found.ambiguous.push({ sign: '@', name: same[0].name, choices: same });
    else add(found.people, same[0]);
  }
  return found;
}

/** "There are 2 people called Sam Seller you manage: … Which one do you mean?" */
function askWhichOne(a: AnswerBuilder, ambiguous: ReturnType<typeof resolveMentions>['ambiguous']) {
  for (const x of ambiguous) {
    const person = x.sign === '@';
    a.line(
      `${x.choices.length} ${person ? 'people' : 'teams'} you manage are called **${x.name}**. Which one do you mean?`,
    );
    a.line();
    for (const c of x.choices) {
      if ('memberId' in c)
        a.line(`- ${c.name} (${[c.email, ...c.teams.map((t) => `#${t.name}`)].filter(Boolean).join(', ')})`);
      else a.line(`- #${c.name}`);
    }
    a.line();
  }
  a.line(
    `Type ${ambiguous.some((x) => x.sign === '#') ? '# or @' : '@'} and pick the one you mean from the list, then ask again.`,
  );
}

function testResults(a: AnswerBuilder, candidates: Candidate[], text: string) {
  const lower = text.toLowerCase();
  const named = candidates.filter((c) => lower.includes(c.name.toLowerCase()) || lower.includes(c.email));
  const list = named.length ? named : candidates;
  const rows = list.flatMap((c) =>
    c.recruitInfo.challengesMeta.filter((t) => t.completedAt).map((t) => ({ c, t })),
  );
  if (!rows.length) {
    a.line(
      named.length
        ? `${named.map((c) => c.name).join(', ')} has no finished English test yet.`
        : 'None of the candidates you see has finished an English test yet.',
    );
    return;
  }
  a.line(named.length ? 'English test results:' : 'The latest finished English tests of your candidates:');
  a.line();
  for (const { c, t } of rows.slice(0, 10)) {
    const link = a.link(
      `report of ${formatDay(new Date(t.completedAt!))}`,
      `/dashboard/test/user/${c.identityId}/${t.id}`,
    );
    a.line(
      `- **${c.name}**${c.position ? ` (${c.position})` : ''}: CEFR **${t.resultCefr ?? 'not rated'}**, ${link}`,
    );
  }
}

/** The offline answer to an admin, from the members, teams and candidates they manage only. */
export async function answerAdmin(
  ctx: AppContext,
  scope: Extract<ChatScope, { kind: 'admin' }>,
  text: string,
  now: Date,
  options: { whole?: boolean; mentions?: ChatMention[] } = {},
): Promise<Answer> {
  const a = new AnswerBuilder();
  if (CROSS_TENANT.test(text)) {
    a.step('refusal', 'question about another organisation');
    a.line('I can only answer about the people and teams you manage in your own organisation.');
    return a.done();
  }
  const [people, teams] = await Promise.all([
    visiblePeople(ctx, scope.actor),
    visibleTeams(ctx, scope.actor),
  ]);
  const mentions = resolveMentions(text, people, teams, options.mentions);
  a.step(
    'scope',
    `${people.length} people, ${teams.length} teams visible; mentions: ${[...mentions.people.map((p) => `@${p.name}`), ...mentions.teams.map((t) => `#${t.name}`)].join(', ') || 'none'}`,
  );
  if (mentions.unknown.length) {
    a.step('refusal', `unknown mentions ${mentions.unknown.join(', ')}`);
    a.line(
      `I can't find ${mentions.unknown.join(', ')} among the people and teams you manage, so I can't answer about them.`,
    );
    return a.done();
  }
  if (mentions.ambiguous.length) {
    a.step('ambiguous', mentions.ambiguous.map((x) => `${x.sign}${x.name}: ${x.choices.length}`).join('; '));
    askWhichOne(a, mentions.ambiguous);
    return a.done();
  }
  const names = unknownNames(text, [...people.map((p) => p.name), ...teams.map((t) => t.name)]);
  if (names.length) {
    const candidates = await visibleCandidates(ctx, scope.actor);
    // Checked on the question itself: a one-word possessive ("Globex's") is a name only there.
    const strangers = unknownNames(text, [
      ...people.map((p) => p.name),
      ...teams.map((t) => t.name),
      ...candidates.map((c) => c.name),
    ]);
    if (strangers.length) {
      a.step('refusal', `names outside the scope: ${strangers.join(', ')}`);
      a.line(
        `I can't find ${strangers.join(', ')} among the people, teams and candidates you manage, so I can't answer about them.`,
      );
      return a.done();
    }
  }
  // Two questions in one: each answered in turn, a part without a mention about the ones named in
  // the question ("What's @Parker's pace, and how can they improve it?").
  const parts = options.whole ? [text] : await questionParts(text);
  if (parts.length > 1) {
    const named = [...mentions.people.map((p) => `@${p.name}`), ...mentions.teams.map((t) => `#${t.name}`)];
    return joinAnswers(
      await Promise.all(
        parts.map((part) =>
          answerAdmin(
            ctx,
            scope,
            /[@#]/.test(part) || !named.length ? part : `${part} (${named.join(' ')})`,
            now,
            {
              whole: true,
            },
          ),
        ),
      ),
    );
  }
  const recognised = await recogniseQuestion(text);
  const periods = periodsIn(text, now);
  // Two periods named with a score question ("did it change between last week and this week") compare them.
  const type = periods.length >= 2 && isScoreType(recognised.type) ? 'compare' : recognised.type;
  a.step('question type', `${type ?? 'unknown'} (${recognised.via})`);
  const period = periods[0];
  if (!type || type === 'capabilities') {
    a.line(
      type
        ? "I'm Agaton. I answer questions about the people and teams you manage."
        : "I can't answer that from your organisation's data yet.",
    );
    suggestions(a, ADMIN_SUGGESTIONS);
    return a.done();
  }
  if (type === 'test-results') {
    const candidates = await visibleCandidates(ctx, scope.actor);
    a.step('data', `${candidates.length} candidates visible`);
    testResults(a, candidates, text);
    return a.done();
  }
  if (type === 'improve') {
    const articles = await searchArticles(text);
    a.step('retrieval', `articles: ${articles.map((x) => x.slug).join(', ') || 'none'}`);
    if (articles.length) {
      a.line('These learning articles in the coach app cover it (members find them under Learning):');
      a.line();
      for (const x of articles) a.line(`- ${x.title}`);
    } else a.line("I couldn't find a learning article on that.");
    return a.done();
  }
  const person =
    type !== 'qa-flags' && mentions.people.length === 1 && !mentions.teams.length ? mentions.people[0] : null;
  if (person) {
    if (!person.userId) {
      a.line(`${person.name} has no coach account, so there are no analysed sessions to read.`);
      return a.done();
    }
    const sessions = await sessionsOfPerson(ctx, person);
    a.step('data', `${sessions.length} analysed sessions of ${person.name}`);
    const subject: speech.Subject = {
      possessive: `${person.name}'s`,
      name: person.name,
      sessions,
      links: adminLinks(person.userId),
    };
    if (type === 'score' || type === 'needs-coaching') speech.scoreAnswer(a, subject, period);
    else if (type === 'trend') speech.trendAnswer(a, subject, period);
    else if (type === 'weak-sounds') speech.weakSoundsAnswer(a, subject, period);
    else if (type === 'weak-words') speech.weakWordsAnswer(a, subject, period);
    else if (type === 'pace-fillers') speech.paceAnswer(a, subject, period);
    else if (type === 'compare') speech.compareAnswer(a, subject, comparedPeriods(text, periods, now));
    else {
      const reports = (await reportsOf(ctx, scope, person)).slice(0, 3);
      if (!reports.length) a.line(`${person.name} has no coaching reports yet.`);
      else {
        a.line(`${person.name}'s latest coaching reports:`);
        a.line();
        for (const r of reports) {
          const when =
            r.meta.type === 'PER_PERIOD'
              ? `Week of ${formatDay(new Date(r.meta.timePeriodStart))}`
              : `Session of ${formatDay(new Date(r.meta.sessionTimestamp * 1000))}`;
          a.line(`- ${a.link(when, adminLinks(person.userId).report(r.coachingReportId))}`);
        }
      }
    }
    return a.done();
  }
  const group = mentions.teams.length
    ? people.filter((p) => p.teams.some((t) => mentions.teams.some((m) => m.id === t.id)))
    : mentions.people.length
      ? mentions.people
      : people;
  const label = mentions.teams.length
    ? mentions.teams.map((t) => `#${t.name}`).join(' and ')
    : mentions.people.length
      ? mentions.people.length === 1
        ? mentions.people[0].name
        : 'the people you named'
      : 'the teams you manage';
  if (type === 'qa-flags') {
    const narrowed = mentions.teams.length || mentions.people.length;
    const flagged = await flaggedQaItems(ctx, scope.actor, {
      from: period?.from,
      to: period?.to,
      memberIds: narrowed ? group.map((p) => p.memberId) : undefined,
    });
    a.step('data', `${flagged.totalItemCount} flagged QA items`);
    qaFlagsAnswer(a, flagged, label, period);
    return a.done();
  }
  const members = await membersOf(ctx, group);
  a.step(
    'data',
    `${members.filter((m) => m.sessions.length).length} of ${group.length} people with analysed sessions`,
  );
  if (type === 'compare')
    groupCompare(a, members, label, periods.length ? periods : periodsIn('this week', now));
  else if (type === 'weak-sounds' || type === 'weak-words' || type === 'pace-fillers')
    groupSpeech(a, members, label, period, type);
  else groupOverview(a, members, label, period, type === 'needs-coaching');
  return a.done();
}
