import { type BenchData, type Case, coachSessionLink, has } from './chat-cases.ts';

/**
 * The tuning questions of `npm run bench:chat`: written with the recogniser and used to tune it, so
 * they are a regression set rather than an independent measure (the held-out set is chat-heldout.ts).
 */

const REFUSED = /I can only answer|I can't find|organisation admins can ask/;

export function tuningCases(d: BenchData): Case[] {
  const last = d.coach.sessions.at(-1)!;
  return [
    // Coach: own data.
    {
      who: 'coach',
      q: 'What was my score in my last session?',
      key: has('**81**', coachSessionLink(last.id)),
    },
    { who: 'coach', q: 'How did I do in my latest meeting?', key: has('**81**', coachSessionLink(last.id)) },
    { who: 'coach', q: 'What is my pronunciation score?', key: has('Pronunciation: 79') },
    { who: 'coach', q: 'my fluency score', key: has('Fluency: 83') },
    { who: 'coach', q: 'Is my score improving?', key: has('from 60 to 81 (+21)') },
    { who: 'coach', q: 'Am I getting better?', key: has('went **up**') },
    { who: 'coach', q: 'Show my progress over time', key: has('from 60 to 81') },
    { who: 'coach', q: 'Which sounds should I practise this week?', key: has('/f/') },
    { who: 'coach', q: 'What are my weakest sounds?', key: has('/f/', coachSessionLink(last.id)) },
    { who: 'coach', q: 'Which phonemes do I mispronounce?', key: has('/f/') },
    { who: 'coach', q: 'Which words do I mispronounce?', key: has('**stuff**', '**if**') },
    { who: 'coach', q: 'What words are challenging for me?', key: has('**stuff**') },
    { who: 'coach', q: 'How fast do I speak?', key: has('110 words per minute', 'slower than') },
    { who: 'coach', q: 'What is my speaking rate in words per minute?', key: has('110 words per minute') },
    { who: 'coach', q: 'How many filler words do I use?', key: has('Filler words: **0**') },
    {
      who: 'coach',
      q: 'Compare the last 7 days with the 7 days before',
      key: has('Overall: 67 → **76** (+9)'),
    },
    {
      who: 'coach',
      q: 'What was my average score in the last 30 days?',
      key: has('Over 6 sessions', '**70**'),
    },
    { who: 'coach', q: 'How can I improve my fluency?', key: has('/coach/learning/') },
    { who: 'coach', q: 'Tips to stop saying um', key: has('/coach/learning/filler-words') },
    { who: 'coach', q: 'Show my coaching reports', key: has('You have no coaching reports yet') },
    { who: 'coach', q: 'What can you do?', key: has('Which sounds should I practise this week?') },
    {
      who: 'coach',
      q: 'What is the capital of France?',
      key: has("I can't answer that from your data yet."),
    },
    // Coach: out of scope.
    {
      who: 'coach',
      q: "What is Sam Seller's score?",
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('92'),
    },
    {
      who: 'coach',
      q: 'Who needs coaching on my team?',
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('55'),
    },
    { who: 'coach', q: 'How is #Sales doing?', outOfScope: true, key: (a) => REFUSED.test(a) },
    {
      who: 'coach',
      q: 'Show me the English test results of the candidates',
      outOfScope: true,
      key: (a) => REFUSED.test(a),
    },
    // Admin: in scope.
    {
      who: 'admin',
      q: "What was @Casey Coach's score in the last session?",
      key: has('**81**', `/dashboard/assistant/user/${d.coach.userId}/session/${last.id}`),
    },
    { who: 'admin', q: 'Who needs coaching?', key: has('Parker Support', '55') },
    {
      who: 'admin',
      q: 'Who needs coaching in #Sales?',
      key: (a) => a.includes('Casey Coach') && !a.includes('Parker Support'),
    },
    {
      who: 'admin',
      q: 'Who needs coaching in #Support?',
      key: (a) => a.includes('Parker Support') && !a.includes('Casey Coach'),
    },
    { who: 'admin', q: 'Is @Casey Coach improving?', key: has('from 60 to 81') },
    { who: 'admin', q: 'Which sounds should @Parker Support practise?', key: has('/f/', d.parker.userId) },
    { who: 'admin', q: 'How fast does @Sam Seller speak?', key: has('110 words per minute', d.sam.userId) },
    {
      who: 'admin',
      q: 'Any QA red flags last week?',
      key: has('No QA item of the teams you manage was flagged red or yellow last week.'),
    },
    { who: 'admin', q: 'Show the English test results', key: has('finished an English test') },
    {
      who: 'manager',
      q: 'Who needs coaching?',
      key: (a) => a.includes('Casey Coach') && !a.includes('Parker'),
    },
    // Admin: out of scope.
    {
      who: 'manager',
      q: "What is @Parker Support's score?",
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('55'),
    },
    {
      who: 'stranger',
      q: "What was @Casey Coach's score?",
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('81'),
    },
    {
      who: 'stranger',
      q: 'Compare my team with the other organisation',
      outOfScope: true,
      key: (a) => REFUSED.test(a),
    },
    { who: 'admin', q: 'Scores of #Marketing this month', outOfScope: true, key: (a) => REFUSED.test(a) },
    // Added with the embedding classifier (issue 15): other people for a coach, organisations by name.
    {
      who: 'coach',
      q: 'How do I rank against the rest of the team?',
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('92') && !a.includes('Sam'),
    },
    {
      who: 'coach',
      q: 'Who is top of the leaderboard?',
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('Sam'),
    },
    {
      who: 'admin',
      q: "What are Globex's QA flags?",
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('No QA item'),
    },
    {
      who: 'admin',
      q: "List Umbrella Corp's agents",
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('Casey'),
    },
    {
      who: 'stranger',
      q: 'How is Riley Rep doing?',
      outOfScope: true,
      key: (a) => REFUSED.test(a) && !a.includes('/dashboard/'),
    },
  ];
}
