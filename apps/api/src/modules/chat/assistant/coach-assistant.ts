import type { AppContext } from '../../../lib/context.ts';
import { articlesFor } from '../../speaking/index.ts';
import { type ChatScope, ownSessions, reportsOf } from '../chat-data.ts';
import { type Answer, AnswerBuilder, coachLinks, joinAnswers } from './answer-kit.ts';
import { searchArticles } from './article-search.ts';
import { unknownNames } from './names.ts';
import { comparedPeriods, formatDay, periodsIn } from './periods.ts';
import { isScoreType, questionParts, recogniseQuestion } from './question-types.ts';
import * as speech from './speech-answers.ts';

/** What a coach may ask, shown when a question is not understood or is out of reach. */
export const COACH_SUGGESTIONS = [
  'What was my score in my last session?',
  'Which sounds should I practise this week?',
  'Compare this week with last week.',
  'How fast do I speak, and how many filler words do I use?',
  'How can I improve my fluency?',
];

/** Questions about other people, teams or the organisation: a coach sees only their own data. */
const OTHERS =
  /(^|\s)[@#]\w|\b(my (team|colleagues?|coworkers?|manager)|colleagues?|coworkers?|other (people|users|coaches|agents|members)|everyone|someone else|(his|her|their) (score|sessions?|results?)|organi[sz]ations?|company'?s|(whole|entire) (company|team|department|office)|everybody|(the|our|my) agents|leaderboards?|rankings?|rank(ed)? (against|among)|(the|our) team'?s?\b.{0,12}\b(scores?|results?|averages?|members?|rankings?|leaderboard|best|worst)|(the rest|others) (of|on|in) (the|my|our) team)\b/i;

/** "Sam's score", "Sam Seller's sessions": a named person's data. */
const SOMEONES = /\b(?!(?:My|I|It|That|What|Who|Let|Today|Yesterday)'s)[A-Z][a-z]+(?: [A-Z][a-z]+)?['’]s\b/;

export function suggestions(a: AnswerBuilder, list: string[]) {
  a.line();
  a.line('You can ask, for example:');
  a.line();
  for (const s of list) a.line(`- ${s}`);
}

/** The offline answer to a coach, from their own sessions, reports and goals only. */
export async function answerCoach(
  ctx: AppContext,
  scope: Extract<ChatScope, { kind: 'coach' }>,
  text: string,
  now: Date,
  options: { whole?: boolean } = {},
): Promise<Answer> {
  const a = new AnswerBuilder();
  // Someone named who is not the asker ("What did Parker Support score?") is someone else.
  const own = [`${scope.firstName} ${scope.lastName}`.trim(), scope.firstName].filter(Boolean);
  if (OTHERS.test(text) || SOMEONES.test(text) || unknownNames(text, own, { asPerson: true }).length) {
    a.step('refusal', 'question about someone other than the asker');
    a.line(
      'I can only answer about your own sessions, coaching reports and goals, not about other people or teams.',
    );
    suggestions(a, COACH_SUGGESTIONS);
    return a.done();
  }
  // Two questions in one: each answered in turn (each part goes through the same checks).
  const parts = options.whole ? [text] : await questionParts(text);
  if (parts.length > 1)
    return joinAnswers(
      await Promise.all(parts.map((part) => answerCoach(ctx, scope, part, now, { whole: true }))),
    );
  const recognised = await recogniseQuestion(text);
  const periods = periodsIn(text, now);
  // Two periods named with a score question ("did it change between last week and this week") compare them.
  const type = periods.length >= 2 && isScoreType(recognised.type) ? 'compare' : recognised.type;
  a.step('question type', `${type ?? 'unknown'} (${recognised.via})`);
  if (periods.length)
    a.step(
      'periods',
      periods.map((p) => `${p.label} ${p.from.toISOString()}–${p.to.toISOString()}`).join('; '),
    );
  if (!type || type === 'capabilities') {
    if (type) a.line("I'm Agaton. I answer questions about your own speaking, from your analysed sessions.");
    else a.line("I can't answer that from your data yet.");
    suggestions(a, COACH_SUGGESTIONS);
    return a.done();
  }
  if (type === 'needs-coaching' || type === 'qa-flags' || type === 'test-results') {
    a.step('refusal', `${type} is for organisation admins`);
    a.line(
      'That is something organisation admins can ask about their teams. I can only answer about your own sessions, coaching reports and goals.',
    );
    suggestions(a, COACH_SUGGESTIONS);
    return a.done();
  }
  const sessions = await ownSessions(ctx, scope);
  a.step('data', `${sessions.length} analysed sessions of the asker`);
  const subject: speech.Subject = { possessive: 'Your', name: 'You', sessions, links: coachLinks };
  const period = periods[0];
  switch (type) {
    case 'score':
      speech.scoreAnswer(a, subject, period);
      break;
    case 'trend':
      speech.trendAnswer(a, subject, period);
      break;
    case 'weak-sounds':
      speech.weakSoundsAnswer(a, subject, period);
      break;
    case 'weak-words':
      speech.weakWordsAnswer(a, subject, period);
      break;
    case 'pace-fillers':
      speech.paceAnswer(a, subject, period);
      break;
    case 'compare':
      speech.compareAnswer(a, subject, comparedPeriods(text, periods, now));
      break;
    case 'goals':
      speech.goalsAnswer(a, subject, scope.goals);
      break;
    case 'reports': {
      const reports = (await reportsOf(ctx, scope)).slice(0, 3);
      a.step('data', `${reports.length} coaching reports`);
      if (!reports.length) {
        a.line(
          'You have no coaching reports yet: one is written after each analysed session and each week with sessions.',
        );
        break;
      }
      a.line('Your latest coaching reports:');
      a.line();
      for (const r of reports) {
        const label =
          r.meta.type === 'PER_PERIOD'
            ? `Week of ${formatDay(new Date(r.meta.timePeriodStart))} (${r.meta.sessionsAnalyzed} sessions)`
            : `Session of ${formatDay(new Date(r.meta.sessionTimestamp * 1000))}`;
        a.line(`- ${a.link(label, coachLinks.report(r.coachingReportId))}`);
      }
      break;
    }
    case 'improve': {
      const asked = await searchArticles(text);
      const mine = articlesFor(
        [...sessions].reverse().map((s) => s.metrics),
        scope.goals,
      );
      const articles = [...new Map([...asked, ...mine].map((x) => [x.slug, x])).values()].slice(0, 3);
      a.step('retrieval', `articles: ${articles.map((x) => x.slug).join(', ') || 'none'}`);
      if (!articles.length) {
        a.line("I couldn't find a learning article on that.");
        a.line(`Browse them all on ${a.link('Learning', '/coach/learning')}.`);
        break;
      }
      a.line(
        asked.length
          ? 'These learning articles cover it:'
          : 'From your sessions, these articles fit what to work on:',
      );
      a.line();
      for (const x of articles) a.line(`- ${a.link(x.title, coachLinks.article!(x.slug))}`);
      if (sessions.length) {
        a.line();
        speech.weakSoundsAnswer(a, subject);
      }
      break;
    }
  }
  return a.done();
}
