import { type Answer, FLAG_PRIORITY, type FlagLevel } from '@agaton/contracts';
import type { AnswerableQuestion, QuestionAnswer } from './types.ts';

/**
 * The yes/no answer model of QA in one place (issue 29 item 3): an answer (YES / NO / NOT_APPLICABLE,
 * and whether it needs review) and its question's expectation give the answer's flag; an approximate
 * transcript or a reviewer's override adjust it by the same rule; an item's flag is the worst of its
 * answers'. The flag's colour on screen is the web app's FLAG_STYLE (features/qa/utils/flags.ts).
 */

/**
 * GREEN when the answer is the expected one; otherwise RED (HIGH) / YELLOW (MEDIUM); NOT_APPLICABLE →
 * UNSPECIFIED. An answer that needs review raises neither an alert nor a pass until a person looks:
 * YELLOW whichever way it leans (issue 27; decision 022 made a leaning-good one GREEN).
 */
export function flagFor(
  a: Pick<QuestionAnswer, 'answer' | 'needsReview'>,
  q: Pick<AnswerableQuestion, 'isTrueGood' | 'severity'>,
): FlagLevel {
  if (a.answer === 'NOT_APPLICABLE') return 'UNSPECIFIED';
  if (a.needsReview) return 'YELLOW';
  const expected = q.isTrueGood ? 'YES' : 'NO';
  if (a.answer === expected) return 'GREEN';
  return q.severity === 'HIGH' ? 'RED' : 'YELLOW';
}

/**
 * An answer's review mark and flag. On a call whose transcript is approximate (most words were ones
 * the recogniser was unsure of, issue 26) no answer is trusted, whatever the answerer said; nor is one
 * whose cited lines are mostly such words (issue 27 item 5): it needs review and is yellow (a person
 * should look; neither an alert nor a pass), or unspecified when not applicable.
 */
export function judgeAnswer(
  a: Pick<QuestionAnswer, 'answer' | 'needsReview'>,
  q: Pick<AnswerableQuestion, 'isTrueGood' | 'severity'>,
  approximate: boolean,
): { needsReview: boolean; flagLevel: FlagLevel } {
  const flagLevel = flagFor(a, q);
  if (!approximate) return { needsReview: a.needsReview, flagLevel };
  return { needsReview: true, flagLevel: flagLevel === 'UNSPECIFIED' ? flagLevel : 'YELLOW' };
}

/** The flag of a reviewer's answer: the automatic answer's rule, and a person's answer needs no review. */
export function overrideFlag(answer: Answer, question: Pick<AnswerableQuestion, 'isTrueGood' | 'severity'>) {
  return flagFor({ answer, needsReview: false }, question);
}

/** The worst of some flags by FLAG_PRIORITY (UNSPECIFIED when there are none). */
export function worstFlag(flags: FlagLevel[]): FlagLevel {
  return flags.reduce<FlagLevel>(
    (worst, f) => (FLAG_PRIORITY[f] > FLAG_PRIORITY[worst] ? f : worst),
    'UNSPECIFIED',
  );
}
