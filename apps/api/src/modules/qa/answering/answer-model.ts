import type { FlagLevel } from '@agaton/contracts';
import type { AnswerableQuestion, QuestionAnswer } from './types.ts';

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
